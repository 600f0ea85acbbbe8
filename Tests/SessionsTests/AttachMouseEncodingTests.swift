import Foundation
import XCTest
import TestSupport

/// A click reaches the remote app in the encoding the app asked for, through Drover, the real
/// sshd and a PTY. The Windows case (ConPTY asks for 1000/1002/1003/1006 and turns 1016 off)
/// must get SGR, never X10's `ESC [ M`. A wheel turn goes as a wheel report to an app that
/// tracks the mouse, and as arrow keys to one that only asked for alternate scroll (1007).
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
        let hex = try received(byAppWithModes: ["1000h", "1002h", "1003h", "1006h", "1016l"], after: click) {
            $0.hasSuffix("6d")
        }
        XCTAssertTrue(hex.contains("1b5b3c303b31303b354d"), "SGR press ESC[<0;10;5M, got \(hex)")
        XCTAssertTrue(hex.contains("1b5b3c303b31303b356d"), "SGR release ESC[<0;10;5m, got \(hex)")
        XCTAssertFalse(hex.contains("1b5b4d"), "no X10 report ESC[M, got \(hex)")
    }

    func testX10AppReceivesTheClickReencodedAsX10() throws {
        let hex = try received(byAppWithModes: ["1000h"], after: click) { $0.hasSuffix("232a25") }
        XCTAssertEqual(hex, "1b5b4d202a25" + "1b5b4d232a25", "X10 press and release at 32+10, 32+5")
    }

    func testWheelReachesAMouseTrackingAppAsAWheelReport() throws {
        let wheelUp = Array("\u{1B}[<64;10;5M".utf8)
        let hex = try received(byAppWithModes: ["1000h", "1006h"], after: wheelUp) { $0.hasSuffix("4d") }
        XCTAssertEqual(hex, "1b5b3c36343b31303b354d", "SGR wheel up ESC[<64;10;5M")
    }

    func testWheelReachesAnAlternateScrollAppAsArrowKeys() throws {
        let wheelUp = Array("\u{1B}[<64;10;5M".utf8)
        let hex = try received(byAppWithModes: ["1049h", "1007h"], after: wheelUp) { $0.count >= 18 }
        XCTAssertEqual(hex, String(repeating: "1b5b41", count: 3), "three up-arrow keys (ESC [ A)")
    }

    /// Runs the hex-echo fixture as the host command with `modes`, sends `input` to the outer
    /// terminal, waits until the received hex satisfies `done`, ends the app with ctrl+c;
    /// returns every byte the app received before the ctrl+c, as hex.
    private func received(byAppWithModes modes: [String], after input: [UInt8],
                          until done: (String) -> Bool) throws -> String {
        try harness.registerHost(command: AttachHarness.fixtureCommand(modes))
        try harness.startOuterTerminal(width: 80, height: 24)
        try harness.attachTrusting(until: "READY \(modes.joined(separator: " "))")
        try harness.sendBytes(input)
        let screen = try harness.waitUntil("the app's report of \(input.count) bytes sent") {
            done(AttachHarness.receivedHex(in: $0))
        }
        try harness.keys("C-c")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
        return AttachHarness.receivedHex(in: screen)
    }
}
