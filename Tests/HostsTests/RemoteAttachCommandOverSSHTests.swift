import Foundation
import XCTest
import SSH
import TestSupport
@testable import Hosts

/// The unchanged default unix attach command, run through a PTY on a real sshd, reaches the
/// `herdr` first on the login shell's PATH with exactly the arguments it was given.
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
        let expected = try sshd.hostKeyFingerprint()
        let key = SSHPrivateKey(privateKeyText: try String(contentsOfFile: keyPath, encoding: .utf8),
                                publicKeyLine: nil, label: "test key")
        let session = try SSHSession.open(
            to: SSHEndpoint(host: host.hostname, port: host.port, user: host.user),
            verifyHostKey: { presented in
                guard presented.fingerprint == expected else { throw TestSupportError("unexpected host key") }
            },
            credentials: SSHCredentials(privateKeys: [key]))
        let channel = try session.exec(host.attachCommand, pty: SSHPTYRequest(term: "xterm-256color", columns: 100, rows: 30))
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
}
