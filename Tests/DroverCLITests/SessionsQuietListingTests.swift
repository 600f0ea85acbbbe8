import Files
import Foundation
import TestSupport
import XCTest
@testable import DroverCLI

/// `ctrl+] o`'s quiet session listing (`SessionsCommand.listQuietly`) against a real sshd: it
/// checks the host key and changes nothing. A key Drover pinned goes on; a key only
/// ~/.ssh/known_hosts holds goes on when attach reads that file, and is not pinned; with
/// `--no-ssh-known-hosts`, or a key nobody holds, the listing fails and nothing is pinned (the
/// open asks the trust question as usual).
final class SessionsQuietListingTests: XCTestCase {
    private var sshd: TestSSHD!
    private var dir: TemporaryDirectory!
    private var account: ThrowawayAccount!
    private var home: String { dir.file("home") }
    private var key: String { home + "/.ssh/id_lab" }
    private var pins: String { dir.file("drover/known_hosts") }
    private var env: [String: String] {
        ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser, "HOME": home, "PATH": "/usr/bin:/bin"]
    }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-quiet-list")
        sshd = try TestSSHD()
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "lab", "-f", key])
        account = try ThrowawayAccount(sshd: sshd)
        try account.authorize(String(contentsOfFile: key + ".pub", encoding: .utf8))
        try "Host labalias\n    HostName 127.0.0.1\n    Port \(sshd.port)\n    User \(account.name)\n    IdentityFile \(key)\n"
            .write(toFile: home + "/.ssh/config", atomically: true, encoding: .utf8)
        let made = try account.execute("/usr/bin/tmux", ["-L", "herdr-standin", "-f", "/dev/null", "new-session", "-d", "-s", "work"])
        XCTAssertEqual(made.status, 0, made.stderr)
    }

    override func tearDown() {
        account?.remove()
        sshd?.tearDown()
        dir?.remove()
    }

    private func list(readsOpenSSHKnownHosts: Bool) throws -> [String] {
        let ctx = CommandContext(environment: env, isInteractive: false, out: { _ in }, err: { _ in }, readLine: { nil })
        let target = try CheckedConnection.resolve("labalias", ctx: ctx)
        return try SessionsCommand.listQuietly(target, environment: env, timeout: 20,
                                               readsOpenSSHKnownHosts: readsOpenSSHKnownHosts).sessions.map(\.name)
    }

    private var pinnedText: String { (try? String(contentsOfFile: pins, encoding: .utf8)) ?? "" }

    private func writeOpenSSHKnownHosts() throws {
        try "[127.0.0.1]:\(sshd.port) \(try sshd.hostPublicKeyLine())\n"
            .write(toFile: home + "/.ssh/known_hosts", atomically: true, encoding: .utf8)
    }

    private func assertFailsUnpinned(readsOpenSSHKnownHosts: Bool, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try list(readsOpenSSHKnownHosts: readsOpenSSHKnownHosts), file: file, line: line) { error in
            XCTAssertEqual("\(error)", "Drover has not pinned its host key yet (opening it asks about the key)",
                           file: file, line: line)
        }
        XCTAssertEqual(pinnedText, "", "nothing pinned", file: file, line: line)
    }

    func testAKeyNobodyHoldsFailsTheListingAndPinsNothing() throws {
        assertFailsUnpinned(readsOpenSSHKnownHosts: true)
    }

    /// Before the fix the listing took the key from ~/.ssh/known_hosts despite
    /// --no-ssh-known-hosts, and pinned it without a word.
    func testNoSSHKnownHostsIsHonouredAndNothingIsPinned() throws {
        try writeOpenSSHKnownHosts()
        assertFailsUnpinned(readsOpenSSHKnownHosts: false)
    }

    func testAKeyInOpenSSHKnownHostsListsButIsNotPinned() throws {
        try writeOpenSSHKnownHosts()
        XCTAssertEqual(try list(readsOpenSSHKnownHosts: true), ["work"])
        XCTAssertEqual(pinnedText, "", "the quiet check pins nothing")
    }

    func testAKeyDroverPinnedLists() throws {
        let pinning = CLIHarness(environment: env, input: ["yes"])
        XCTAssertEqual(pinning.run("sessions", "labalias", "--no-ssh-known-hosts"), 0, pinning.err)
        XCTAssertFalse(pinnedText.isEmpty)
        XCTAssertEqual(try list(readsOpenSSHKnownHosts: false), ["work"])
    }
}
