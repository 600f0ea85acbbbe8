import LibC
import TestSupport
import XCTest

/// Every command starts with SIGPIPE ignored: when the reader of Drover's output goes away
/// (`drover hosts list | head -1`), the write fails and Drover ends normally instead of being
/// killed by the signal halfway through whatever it was doing.
final class BrokenPipeTests: XCTestCase {
    func testAClosedReaderDoesNotKillDrover() throws {
        let pipe = try PipePair()
        close(pipe.read)
        defer { close(pipe.write) }
        let status = try Self.spawnWithDefaultSIGPIPE(DroverBinary.path, ["version"], stdout: pipe.write)
        XCTAssertNotEqual(status, 128 + SIGPIPE, "drover was killed by SIGPIPE while writing to a closed pipe")
        XCTAssertLessThan(status, 128, "drover was killed by signal \(status - 128)")
    }

    /// Starts `path` with SIGPIPE at its default action (a test runner or shell may have left
    /// it ignored, and an ignored signal stays ignored across exec), waits, and returns the
    /// exit status (128 + signal when killed).
    private static func spawnWithDefaultSIGPIPE(_ path: String, _ arguments: [String], stdout: Int32) throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        guard rc == 0 else { throw TestSupportError("cannot start \(path): \(String(cString: strerror(rc)))") }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
