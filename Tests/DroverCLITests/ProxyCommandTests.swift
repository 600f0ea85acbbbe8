import Files
import Foundation
import Hosts
import Identity
import LibC
import TestSupport
import XCTest
@testable import DroverCLI

/// Issue 28's generic ProxyCommand through `ssh-check` and `doctor` (they connect as attach
/// does), with a test HOME whose ~/.ssh/config names a Python relay, a command that exits at
/// once and one that never answers. Each command writes its PID, which leads its own process
/// group; after Drover returns, `ps` must show nothing of that group, not even a zombie.
final class ProxyCommandTests: XCTestCase {
    private var sshd: TestSSHD!
    private var dir: TemporaryDirectory!
    private var home: String { dir.file("home") }
    private var env: [String: String] {
        ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser, "HOME": home, "PATH": "/usr/bin:/bin"]
    }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-proxycommand")
        sshd = try TestSSHD()
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
        try sshd.authorize(DeviceKey.loadOrCreate(root: DroverRoot(path: dir.file("drover"))).publicLine)
        let relay = try ProxyRelay.write(to: dir.file("relay.py"))
        try "import os, sys, time\nopen(sys.argv[1], 'w').write(str(os.getpid()))\ntime.sleep(3600)\n"
            .write(toFile: dir.file("silent.py"), atomically: true, encoding: .utf8)
        try """
            Host relayed
                HostName 127.0.0.1
                Port \(sshd.port)
                ProxyCommand /usr/bin/python3 \(relay) %h %p \(dir.file("relayed.pid"))
            Host chatty
                HostName 127.0.0.1
                Port \(sshd.port)
                ProxyCommand env RELAY_LOG=1 /usr/bin/python3 \(relay) %h %p \(dir.file("chatty.pid"))
            Host quits
                HostName 127.0.0.1
                Port \(sshd.port)
                ProxyCommand sh -c 'echo $$ > \(dir.file("quits.pid")); echo no route to %h port %p >&2; exit 3'
            Host silent
                HostName 127.0.0.1
                Port \(sshd.port)
                ProxyCommand /usr/bin/python3 \(dir.file("silent.py")) \(dir.file("silent.pid"))
            Host missing
                HostName 127.0.0.1
                ProxyCommand /nonexistent/tunnel %h
            Host percent
                HostName 127.0.0.1
                ProxyCommand nc %x %p

            """.write(toFile: home + "/.ssh/config", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        sshd.tearDown()
        dir.remove()
    }

    /// Nothing of the process group the command at `pidFile` led is left, zombies included.
    private func assertNothingLeft(_ pidFile: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let group = try ProxyRelay.pid(in: dir.file(pidFile))
        XCTAssertEqual(try ProxyRelay.any(inGroup: group), [], "left behind by \(pidFile)", file: file, line: line)
    }

    func testAGenericProxyCommandCarriesTheConnectionAndIsReapedAfterwards() throws {
        let h = CLIHarness.checked(["ssh-check", "--yes", "relayed", "--", "echo", "$(id -un)", "${SSH_CONNECTION%% *}"],
                                   environment: env)
        XCTAssertEqual(h.out, "\(TestSSHD.currentUser) 127.0.0.1\n", h.err)
        // The relay wrote its PID before it connected: it ran, and it is gone now.
        try assertNothingLeft("relayed.pid")
        let doctor = CLIHarness.checked(["doctor", "--yes", "relayed"], environment: env)
        XCTAssertTrue(doctor.out.contains("All steps worked"), doctor.out + doctor.err)
        XCTAssertTrue(doctor.out.contains("Through the ProxyCommand: /usr/bin/python3 \(dir.file("relay.py")) 127.0.0.1 \(sshd.port) "),
                      doctor.out)
        try assertNothingLeft("relayed.pid")
    }

    /// What the command writes to stderr after the link is up is shown too: doctor prints its
    /// last lines, in one line, once the session is done (attach's status line:
    /// AttachProxyCommandTests). The relay says a line before each chunk it passes on.
    func testDoctorShowsWhatTheProxyCommandSaidAfterTheLinkCameUp() throws {
        let doctor = CLIHarness.checked(["doctor", "--yes", "chatty"], environment: env)
        XCTAssertTrue(doctor.out.contains("All steps worked"), doctor.out + doctor.err)
        let lines = doctor.out.split(separator: "\n").filter { $0.hasPrefix("  ProxyCommand's stderr: ") }
        XCTAssertEqual(lines.count, 1, doctor.out)
        XCTAssertTrue(lines.first?.contains("relay: host sent chunk") == true, doctor.out)
        // Chunk 1 is the greeting; the handshake, the login and 'true''s exit came in later ones.
        let last = lines.first.flatMap { $0.split(separator: " ").last }.flatMap { Int($0) } ?? 0
        XCTAssertGreaterThan(last, 3, doctor.out)
        try assertNothingLeft("chatty.pid")
    }

    func testAProxyCommandThatExitsAtOnceIsAClearErrorWithWhatItSaid() throws {
        let h = CLIHarness.checked(["ssh-check", "--yes", "quits", "--", "true"], environment: env, expect: 1)
        XCTAssertTrue(h.err.contains("quits: the ProxyCommand 'sh -c 'echo $$ > \(dir.file("quits.pid")); "), h.err)
        XCTAssertTrue(h.err.contains("exited with status 3 before the SSH server's greeting. "
                                     + "It said: no route to 127.0.0.1 port \(sshd.port)."), h.err)
        XCTAssertTrue(h.err.contains("Run it in a shell"), h.err)
        XCTAssertFalse(sshd.log.contains("Connection from"), "no direct connection was made:\n\(sshd.log)")
        try assertNothingLeft("quits.pid")
    }

    func testAProxyCommandThatNeverAnswersTimesOutAndIsStopped() throws {
        let h = CLIHarness.checked(["ssh-check", "--yes", "--timeout", "2", "silent", "--", "true"], environment: env, expect: 1)
        XCTAssertTrue(h.err.contains("silent: the ProxyCommand '/usr/bin/python3 \(dir.file("silent.py"))"), h.err)
        XCTAssertTrue(h.err.contains("gave no SSH greeting within 2 s (it was still running; Drover stopped it)"), h.err)
        XCTAssertTrue(h.err.contains("--timeout SECONDS"), h.err)
        try assertNothingLeft("silent.pid")
    }

    func testAProxyCommandThatIsNotThereSaysSo() {
        let h = CLIHarness.checked(["ssh-check", "--yes", "missing", "--", "true"], environment: env, expect: 1)
        XCTAssertTrue(h.err.contains("missing: the ProxyCommand '/nonexistent/tunnel 127.0.0.1' exited with status 127"), h.err)
        XCTAssertTrue(h.err.contains("/nonexistent/tunnel: not found"), h.err)
    }

    func testAnUnknownTokenIsRefusedBeforeAnythingRuns() {
        let h = CLIHarness.checked(["ssh-check", "--yes", "percent", "--", "true"], environment: env, expect: 1)
        XCTAssertTrue(h.err.contains("may use only the tokens %h, %p, %r, %n and %% (found %x)"), h.err)
    }

    func testTokensExpandAsOpenSSHExpandsThem() throws {
        XCTAssertEqual(try ProxyCommandText.expand("nc %h %p # %r %n 100%%", host: "10.0.0.2", port: 2222,
                                                   user: "ann", name: "box"),
                       "nc 10.0.0.2 2222 # ann box 100%")
        XCTAssertThrowsError(try ProxyCommandText.expand("nc %h %", host: "h", port: 22, user: "u", name: "n"))
    }
}
