import Foundation
import XCTest
import TestSupport

/// A click reaches the remote app in the encoding the app asked for, through Drover, the real
/// sshd and a PTY. The Windows case (ConPTY asks for 1000/1002/1003/1006 and turns 1016 off)
/// must get SGR, never X10's `ESC [ M`.
final class AttachMouseEncodingTests: XCTestCase {
    private var harness: AttachHarness!
    /// A left click at column 10, row 5, as the outer terminal reports it (SGR press, release).
    private let click = Array("\u{1B}[<0;10;5M\u{1B}[<0;10;5m".utf8)

    override func setUpWithError() throws {
        harness = try AttachHarness()
    }

    override func tearDown() {
        harness?.tearDown()
    }

    func testWindowsStyleAppReceivesTheClickAsSGRNeverX10() throws {
        let hex = try clickReceived(byAppWithModes: ["1000h", "1002h", "1003h", "1006h", "1016l"])
        XCTAssertTrue(hex.contains("1b5b3c303b31303b354d"), "SGR press ESC[<0;10;5M, got \(hex)")
        XCTAssertTrue(hex.contains("1b5b3c303b31303b356d"), "SGR release ESC[<0;10;5m, got \(hex)")
        XCTAssertFalse(hex.contains("1b5b4d"), "no X10 report ESC[M, got \(hex)")
    }

    func testX10AppReceivesTheClickReencodedAsX10() throws {
        let hex = try clickReceived(byAppWithModes: ["1000h"])
        XCTAssertEqual(hex, "1b5b4d202a25" + "1b5b4d232a25", "X10 press and release at 32+10, 32+5")
    }

    /// Runs the hex-echo fixture as the host command with `modes`, clicks, ends it with ctrl+c;
    /// returns every byte the fixture received before the ctrl+c, as hex.
    private func clickReceived(byAppWithModes modes: [String]) throws -> String {
        try harness.registerHost(command: AttachHarness.fixtureCommand(modes))
        try harness.startOuterTerminal(width: 80, height: 24)
        try harness.attachTrusting(until: "READY \(modes.joined(separator: " "))")
        try harness.sendBytes(click)
        let screen = try harness.waitUntil("the release report") {
            let hex = AttachHarness.receivedHex(in: $0)
            return hex.hasSuffix("6d") || hex.hasSuffix("232a25")
        }
        try harness.keys("C-c")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
        return AttachHarness.receivedHex(in: screen)
    }
}
