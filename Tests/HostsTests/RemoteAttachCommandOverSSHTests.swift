import Foundation
import XCTest
import SSH
import TestSupport
@testable import Hosts

/// The unchanged default unix attach command, run through a PTY on a real sshd, reaches the
/// `herdr` first on the login shell's PATH with exactly the arguments it was given; so does
/// the fenced one, which also records and stops the connection's sshd (ADR 0031).
///
/// A login shell resets PATH from /etc/profile, so the test uses a `ThrowawayAccount` (whose
/// ~/.profile puts the stand-in first on PATH) and sets the stand-in to record its argv and
/// exit instead of starting tmux.
final class RemoteAttachCommandOverSSHTests: XCTestCase {
    private var sshd: TestSSHD!
    private var account: ThrowawayAccount!
    private var keyPath: String!

    override func setUpWithError() throws {
        sshd = try TestSSHD()
        account = try ThrowawayAccount(sshd: sshd, profile: """
            HERDR_STANDIN_LOG="$HOME/herdr-argv.log"
            HERDR_STANDIN_RECORD_ONLY=1
            export HERDR_STANDIN_LOG HERDR_STANDIN_RECORD_ONLY
            if [ -t 0 ]; then printf 'tty %s\\n' "$TERM" > "$HOME/terminal.txt"; fi

            """)
        keyPath = sshd.directory.file("client_ed25519")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", keyPath])
        try account.authorize(String(contentsOfFile: keyPath + ".pub", encoding: .utf8))
    }

    override func tearDown() {
        account?.remove()
        sshd?.tearDown()
    }

    /// Logs in as the host's user and runs its attach command on a PTY until it exits.
    @discardableResult
    private func runAttachCommand(of host: HostEntry) throws -> SSHExit {
        try run(host.attachCommand, on: logIn())
    }

    /// A session logged in as the account.
    private func logIn() throws -> SSHSession {
        let expected = try sshd.hostKeyFingerprint()
        let key = SSHPrivateKey(privateKeyText: try String(contentsOfFile: keyPath, encoding: .utf8),
                                publicKeyLine: nil, label: "test key")
        return try SSHSession.open(
            to: SSHEndpoint(host: "127.0.0.1", port: sshd.port, user: account.name),
            verifyHostKey: { presented in
                guard presented.fingerprint == expected else { throw TestSupportError("unexpected host key") }
            },
            credentials: SSHCredentials(privateKeys: [key]))
    }

    /// Runs `command` on a PTY of `session` until it exits (status 0).
    @discardableResult
    private func run(_ command: String, on session: SSHSession) throws -> SSHExit {
        let channel = try session.exec(command, pty: SSHPTYRequest(term: "xterm-256color", columns: 100, rows: 30))
        var output: [UInt8] = []
        let exit = try channel.readToEnd(timeout: 30) { output += $0.stdout + $0.stderr }
        XCTAssertEqual(exit.status, 0, "remote output: \(String(decoding: output, as: UTF8.self))\nsshd log:\n\(sshd.log)")
        return exit
    }

    func testDefaultUnixCommandForNamedSessionArrivesExactly() throws {
        let host = HostEntry(name: "standin", hostname: "127.0.0.1", port: sshd.port, user: account.name, session: "work.main_2-b")
        XCTAssertEqual(host.attachCommand, #"exec "$SHELL" -lc 'herdr session attach work.main_2-b'"#)
        try runAttachCommand(of: host)
        XCTAssertEqual(account.readFile("herdr-argv.log"), "herdr 'session' 'attach' 'work.main_2-b'\n")
        XCTAssertEqual(account.readFile("terminal.txt"), "tty xterm-256color\n", "the login shell ran on the requested PTY")
    }

    func testDefaultUnixCommandForDefaultSessionRunsBareHerdr() throws {
        let host = HostEntry(name: "standin", hostname: "127.0.0.1", port: sshd.port, user: account.name)
        XCTAssertEqual(host.attachCommand, #"exec "$SHELL" -lc 'herdr'"#)
        try runAttachCommand(of: host)
        XCTAssertEqual(account.readFile("herdr-argv.log"), "herdr\n")
    }

    /// ADR 0031: the fenced line records the sshd that serves its connection (the account's
    /// per-connection sshd, in a 0600 file in a 0700 directory) and still runs herdr with the
    /// same words. A later attempt of the same run (token) with `stopsRecorded` kills the
    /// recorded sshd only once it is stopped, which ends that connection; a live one, and
    /// another token's record, are left alone.
    func testTheFencedLineRecordsItsSSHDAndTheNextOfTheRunStopsIt() throws {
        let name = "00fe0ce0"
        let record = ".cache/drover-fence/" + name
        func line(token: String, generation: UInt64, stops: Bool) -> String {
            let fence = SSHDFence(name: name, token: token, generation: generation, stopsRecorded: stops)!
            return RemoteAttachCommand.herdr(platform: .unix, session: "w", fence: fence)
        }
        func recorded() throws -> (token: String, generation: String, pid: pid_t, name: String) {
            let words = try XCTUnwrap(account.readFile(record)).split(separator: " ")
            XCTAssertEqual(words.count, 6, "token, generation, sshd, client, name, start time")
            return (String(words[0]), String(words[1]), try XCTUnwrap(pid_t(words[2])), String(words[4]))
        }
        var stopped: [pid_t] = []
        defer { TestSSHD.resume(stopped) }
        let first = try logIn()
        try run(line(token: "a1", generation: 1, stops: false), on: first)
        XCTAssertEqual(account.readFile("herdr-argv.log"), "herdr 'session' 'attach' 'w'\n")
        let firstSSHD = try recorded()
        XCTAssertEqual(firstSSHD.token, "a1")
        XCTAssertEqual(firstSSHD.name, "sshd")
        let monitors = try sshd.connectionProcessIDs()
        let parent = pid_t(try Shell.run("/usr/bin/ps", ["-o", "ppid=", "-p", String(firstSSHD.pid)])
            .trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertTrue(monitors.contains(parent ?? -1),
                      "the recorded process is a connection's own sshd (its parent \(String(describing: parent)) is among \(monitors))")
        var info = stat()
        XCTAssertEqual(stat(account.home + "/" + record, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertEqual(stat(account.home + "/.cache/drover-fence", &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)

        // Another run's line (another token) kills nothing, even stopped; it records its own sshd.
        stopped = [firstSSHD.pid]
        kill(firstSSHD.pid, SIGSTOP)
        let second = try logIn()
        try run(line(token: "b2", generation: 1, stops: true), on: second)
        XCTAssertEqual(kill(firstSSHD.pid, 0), 0, "another run's record is left alone")
        TestSSHD.resume(stopped)
        stopped = []
        let secondSSHD = try recorded()
        XCTAssertEqual(secondSSHD.token, "b2")
        XCTAssertNotEqual(secondSSHD.pid, firstSSHD.pid)

        // The same run's next attempt with kept keys, its sshd still running: left alone.
        let third = try logIn()
        try run(line(token: "b2", generation: 2, stops: true), on: third)
        try run("true", on: second)
        let thirdSSHD = try recorded()
        XCTAssertEqual([thirdSSHD.token, thirdSSHD.generation], ["b2", "2"])
        XCTAssertNotEqual(thirdSSHD.pid, secondSSHD.pid)

        // Once the recorded sshd is stopped, the next attempt's line kills it first.
        stopped = [thirdSSHD.pid]
        kill(thirdSSHD.pid, SIGSTOP)
        let fourth = try logIn()
        try run(line(token: "b2", generation: 3, stops: true), on: fourth)
        let deadline = Date().addingTimeInterval(15)
        while kill(thirdSSHD.pid, 0) == 0, Date() < deadline { usleep(20_000) }
        XCTAssertNotEqual(kill(thirdSSHD.pid, 0), 0, "the recorded, stopped sshd was killed")
        stopped = []
        XCTAssertThrowsError(try run("true", on: third), "its connection is gone")
        try run("true", on: first)
        try run("true", on: second)
        XCTAssertEqual(try recorded().generation, "3")
        XCTAssertNotEqual(try recorded().pid, thirdSSHD.pid)
    }
}
