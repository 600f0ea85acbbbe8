import Foundation
import XCTest
import TestSupport
@testable import Hosts

/// The fence's rules (ADR 0031) on real processes, under dash as `sh`: the kill takes only a
/// stopped process named sshd or sshd-session, recorded by this run's token with a lower
/// generation, whose client is not stopped too; the record replaces only another token's or an
/// older attempt's, and nothing is written without a home. Stand-ins: copies of `sleep` named
/// `sshd` or `sleep`, and a copy of `sh` named `sshd` as the parent that runs the line (Linux).
final class SSHDFenceRecordTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var started: [Process] = []
    private let recordName = "0123456789abcdef"
    private let token = "5eed"
    private var record: String { dir.file(".cache/drover-fence/" + recordName) }

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self/stat"), "no /proc here")
        dir = try TemporaryDirectory(prefix: "drover-fence")
        try FileManager.default.createDirectory(atPath: dir.file(".cache/drover-fence"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir.file("sshd-shell"), withIntermediateDirectories: true)
        for (copy, original) in [("sshd", "/bin/sleep"), ("sleep", "/bin/sleep"), ("sshd-shell/sshd", "/bin/dash")] {
            try FileManager.default.copyItem(atPath: original, toPath: dir.file(copy))
        }
    }

    override func tearDown() {
        for process in started where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        dir?.remove()
    }

    /// A copy of `sleep` named `command` (the process's name), sleeping a minute.
    private func start(_ command: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dir.file(command))
        process.arguments = ["60"]
        try process.run()
        started.append(process)
        return process
    }

    /// Fields 3 (state) and 22 (start time) of the process's /proc stat line.
    private func stat(_ process: Process) throws -> (state: String, start: String) {
        let text = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
        let fields = text[text.range(of: ") ", options: .backwards)!.upperBound...].split(separator: " ")
        return (String(fields[0]), String(fields[19]))
    }

    /// SIGSTOP, then waits for the state the fence reads (a process state has no event).
    private func stop(_ process: Process) throws {
        kill(process.processIdentifier, SIGSTOP)
        let deadline = Date().addingTimeInterval(30)
        while try stat(process).state != "T" {
            guard Date() < deadline else { throw TestSupportError("\(process.processIdentifier) did not stop") }
            usleep(10_000)
        }
    }

    private func write(token: String? = nil, generation: UInt64, sshd: Process, named: String = "sshd", client: Process) throws {
        let line = "\(token ?? self.token) \(generation) \(sshd.processIdentifier) \(client.processIdentifier) \(named) \(try stat(sshd).start)\n"
        try line.write(toFile: record, atomically: true, encoding: .utf8)
    }

    /// Runs the attach line of attempt `generation` as a login shell forked by `parent`
    /// (`sh`, or the `sshd`-named copy of it), with `home`; herdr's stand-in is `true`.
    private func runLine(generation: UInt64, stops: Bool = true, parent: String = "/bin/sh", home: String? = nil) throws {
        let fence = SSHDFence(name: recordName, token: token, generation: generation, stopsRecorded: stops)!
        let line = RemoteAttachCommand.herdr(platform: .unix, session: nil, fence: fence)
        let result = try Shell.execute(parent, ["-c", #"/bin/sh -c "$1"; exit $?"#, "sshd", line],
                                       environment: ["HOME": home ?? dir.path, "SHELL": "/bin/true", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "", "the fence says nothing")
    }

    private func assertKilled(_ process: Process, _ message: String) {
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, message)
        XCTAssertEqual(process.terminationStatus, SIGKILL, message)
    }

    private func assertAlive(_ process: Process, _ message: String) throws {
        XCTAssertTrue(process.isRunning, message)
        XCTAssertNotEqual(try stat(process).state, "Z", message)
    }

    func testAStoppedRecordedSSHDWhoseClientRunsIsKilled() throws {
        let sshd = try start("sshd"), client = try start("sleep")
        try stop(sshd)
        try write(generation: 2, sshd: sshd, client: client)
        try runLine(generation: 3)
        assertKilled(sshd, "stopped, named sshd, this run's older attempt, its client running")
        try assertAlive(client, "only the sshd")
    }

    func testARunningRecordedSSHDIsLeftAlone() throws {
        let sshd = try start("sshd"), client = try start("sleep")
        try write(generation: 2, sshd: sshd, client: client)
        try runLine(generation: 3)
        try assertAlive(sshd, "a live sshd may serve the connection that matters: never killed")
    }

    func testAStoppedSSHDWhoseClientIsStoppedTooIsLeftAlone() throws {
        let sshd = try start("sshd"), client = try start("sleep")
        try stop(sshd)
        try stop(client)
        try write(generation: 2, sshd: sshd, client: client)
        try runLine(generation: 3)
        try assertAlive(sshd, "its client is stopped too")
    }

    func testARecordOfThisOrANewerAttemptIsNeitherKilledNorReplaced() throws {
        let sshd = try start("sshd"), client = try start("sleep")
        try stop(sshd)
        for generation: UInt64 in [3, 4] {
            try write(generation: generation, sshd: sshd, client: client)
            let before = try String(contentsOfFile: record, encoding: .utf8)
            try runLine(generation: 3, parent: dir.file("sshd-shell/sshd"))
            try assertAlive(sshd, "a stale attempt (3) leaves generation \(generation) alone")
            XCTAssertEqual(try String(contentsOfFile: record, encoding: .utf8), before, "and its record")
        }
    }

    func testAStoppedProcessThatIsNoSSHDIsLeftAlone() throws {
        let sleeper = try start("sleep"), client = try start("sleep")
        try stop(sleeper)
        try write(generation: 2, sshd: sleeper, named: "sleep", client: client)
        try runLine(generation: 3)
        try assertAlive(sleeper, "the record names no sshd: a hand-written or foreign record kills nothing")
    }

    /// The line's parent is a process named sshd: an older attempt's record of this run, or
    /// another run's record of any generation, is replaced by this attempt's.
    func testTheRecordReplacesAnOlderAttemptsAndAnotherRunsRecord() throws {
        let sshd = try start("sshd"), client = try start("sleep")
        for (owner, generation) in [(token, UInt64(2)), ("beef", UInt64(9))] {
            try write(token: owner, generation: generation, sshd: sshd, client: client)
            try runLine(generation: 3, stops: false, parent: dir.file("sshd-shell/sshd"))
            let words = try String(contentsOfFile: record, encoding: .utf8).split(separator: " ")
            XCTAssertEqual(words.count, 6, "token, generation, sshd, client, name, start")
            XCTAssertEqual(Array(words.prefix(2)), [Substring(token), "3"], "\(owner) \(generation) replaced")
            XCTAssertNotEqual(words[2], Substring(String(sshd.processIdentifier)), "the parent is recorded")
            XCTAssertEqual(words[4], "sshd")
        }
    }

    /// No `$HOME`: no record under `/.cache` (root's `/` is writable), and herdr still runs.
    func testNoHomeNoFence() throws {
        let unique = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        let fence = SSHDFence(name: unique, token: token, generation: 1, stopsRecorded: false)!
        let line = RemoteAttachCommand.herdr(platform: .unix, session: nil, fence: fence)
        let result = try Shell.execute(dir.file("sshd-shell/sshd"), ["-c", #"/bin/sh -c "$1"; exit $?"#, "sshd", line],
                                       environment: ["HOME": "", "SHELL": "/bin/true", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let stray = "/.cache/drover-fence/" + unique
        defer { try? FileManager.default.removeItem(atPath: stray) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: stray))
    }
}
