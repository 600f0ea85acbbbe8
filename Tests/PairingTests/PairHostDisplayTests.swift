import Foundation
import TestSupport
import XCTest
import LibC

/// What `pair-host` shows in a real terminal: a code that does not fit is not drawn; the
/// person is told the size it needs, or with --link gets the link and how to pass it on.
final class PairHostDisplayTests: XCTestCase {
    private var sshd: TestSSHD!
    private var scratch: TemporaryDirectory!
    private var pane: TerminalPane?
    private var keysPath: String { sshd.authorizedKeysPath(for: TestSSHD.currentUser) }

    override func setUpWithError() throws {
        signal(SIGPIPE, SIG_IGN)
        sshd = try TestSSHD()
        scratch = try TemporaryDirectory(prefix: "drover-pair-display")
        try "".write(toFile: keysPath, atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        pane?.kill()
        sshd?.tearDown()
        scratch?.remove()
    }

    private func startHost(_ extra: [String], columns: Int, rows: Int) throws -> TerminalPane {
        let started = try TerminalPane("/usr/bin/env", [
            "DROVER_PAIR_TEST=1", "DROVER_HOME=\(scratch.file("home"))", DroverBinary.path, "pair-host",
            "--host", "localhost", "--port", String(sshd.port), "--test-authorized-keys", keysPath,
            "--test-state", scratch.file("state"),
        ] + extra, columns: columns, rows: rows)
        pane = started
        return started
    }

    func testATooSmallTerminalGetsTheSizeTheCodeNeedsAndNoCode() throws {
        let host = try startHost([], columns: 50, rows: 40)
        XCTAssertEqual(host.waitForExit(), 1, host.screen())
        let screen = host.joinedScreen()
        XCTAssertTrue(screen.contains("the pairing code needs a terminal of at least "), screen)
        XCTAssertTrue(screen.contains("characters (this one is 50x40)"), screen)
        XCTAssertTrue(screen.contains("add --link"), screen)
        XCTAssertFalse(screen.contains { "▀▄█".contains($0) }, "no code is drawn:\n\(host.screen())")
        XCTAssertEqual(try String(contentsOfFile: keysPath, encoding: .utf8), "", "the one-time key is withdrawn")
    }

    func testWithLinkATooSmallTerminalGetsTheLinkAndHowToPassItOn() throws {
        let host = try startHost(["--link"], columns: 200, rows: 20)
        let shown = host.waitForText("Waiting for a device")
        XCTAssertTrue(shown.found, shown.screen)
        let joined = host.joinedScreen()
        XCTAssertTrue(joined.contains("This terminal is too small for the QR code; it needs "), joined)
        XCTAssertTrue(joined.contains("to pair a computer, use the link below."), joined)
        XCTAssertFalse(joined.contains { "▀▄█".contains($0) }, "no code is drawn:\n\(joined)")
        let lines = joined.split(separator: "\n")
        let link = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("herdr://pair?v=1&") }, shown.screen)
        XCTAssertTrue(lines[link + 1].hasPrefix("This link is a secret for the next "), shown.screen)
        XCTAssertTrue(lines[link + 1].hasSuffix("on the other computer run 'drover pair -' and paste it there, "
                                                + "never on a command line."), shown.screen)
    }

    /// A --not-for-herdr-app code in a terminal too small for it: the link, with the warning
    /// that the herdr app will not accept it, and no advice to enlarge the window for a phone.
    func testATooSmallTerminalStillSaysTheHerdrAppWillNotAcceptALANCode() throws {
        let host = try startHost(["--host", "192.168.1.20", "--not-for-herdr-app", "--link"], columns: 200, rows: 20)
        let shown = host.waitForText("Waiting for a device")
        XCTAssertTrue(shown.found, shown.screen)
        let joined = host.joinedScreen()
        XCTAssertTrue(joined.contains("The herdr app will not accept this code: '192.168.1.20' is outside"), joined)
        XCTAssertTrue(joined.contains("This terminal is too small for the QR code; it needs "), joined)
        XCTAssertTrue(joined.contains("Use the link below."), joined)
        XCTAssertFalse(joined.contains("To pair a phone"), joined)
        XCTAssertTrue(joined.contains("on the other computer run 'drover pair --not-for-herdr-app -'"), joined)
    }
}
