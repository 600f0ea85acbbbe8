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
    private var lab: LabAccountFixture!
    private var sshd: TestSSHD { lab.sshd }
    private var dir: TemporaryDirectory { lab.dir }
    private var account: ThrowawayAccount { lab.account }
    private var home: String { lab.home }
    private var key: String { lab.key }
    private var pins: String { dir.file("drover/known_hosts") }
    private var env: [String: String] { lab.env }

    override func setUpWithError() throws {
        lab = try LabAccountFixture(prefix: "drover-quiet-list")
        let made = try account.execute("/usr/bin/tmux", ["-L", "herdr-standin", "-f", "/dev/null", "new-session", "-d", "-s", "work"])
        XCTAssertEqual(made.status, 0, made.stderr)
    }

    override func tearDown() {
        lab?.remove()
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
