import Foundation
import XCTest
import TestSupport
import LibC

/// Keyboard protocols end to end, with tmux as the local terminal (`extended-keys on`: tmux
/// reports modified keys in `CSI u` form once the program in its pane asks with
/// `CSI > 4;2 m`). tmux answers neither `CSI ? u` nor XTQMODKEYS, so Drover asks it for
/// modifyOtherKeys while the host wants more than legacy keys, and gives it back at detach.
final class AttachKeyboardTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 100, height: 30)
        try harness.tmux(["set", "-s", "extended-keys", "on"])
    }

    override func tearDown() {
        harness?.tearDown()
    }

    /// The host program: pushes kitty flag 1, reports every read as `RX <hex>`, and pops its
    /// flags when it reads a plain `p`.
    private func installKittyHost() throws -> String {
        let path = harness.scratch.file("bin/kitty-keys")
        try """
            #!/usr/bin/python3
            import os, sys, tty
            out = sys.stdout.buffer
            tty.setraw(0)
            out.write(b"\\x1b[>1uREADY kitty\\r\\n")
            out.flush()
            while True:
                chunk = os.read(0, 1024)
                if not chunk:
                    break
                out.write(b"RX " + chunk.hex().encode() + b"\\r\\n")
                if chunk == b"p":
                    out.write(b"\\x1b[<uPOPPED\\r\\n")
                out.flush()

            """.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return "exec " + path
    }

    func testModifiedKeysReachAKittyHostAndTheLocalModeIsGivenBack() throws {
        try harness.registerHost(command: installKittyHost())
        try harness.attachTrusting(until: "READY kitty")
        try harness.keys("S-Enter")
        try harness.waitUntil("Shift+Enter as kitty says it") { AttachHarness.receivedHex(in: $0) == "1b5b31333b3275" }
        try harness.keys("C-Enter")
        try harness.keys("M-Enter")
        try harness.waitUntil("Ctrl+Enter and Alt+Enter") {
            AttachHarness.receivedHex(in: $0) == "1b5b31333b3275" + "1b5b31333b3575" + "1b5b31333b3375"
        }
        try harness.type("p")
        try harness.waitFor("POPPED")
        try harness.keys("Enter")
        try harness.keys("M-Enter")
        try harness.waitUntil("legacy Enter and Alt+Enter after the pop") { AttachHarness.receivedHex(in: $0).hasSuffix("700d1b0d") }

        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    func testAModifyOtherKeysHostGetsItsOwnFormAndPrefixEnterIsShiftEnter() throws {
        try harness.registerHost(command: "printf '\\033[>4;2m'; " + AttachHarness.fixtureCommand(["2004h"]))
        let written = harness.scratch.file("outer-output")
        try harness.tmux(["pipe-pane", "-t", "outer", "-O", "cat > \(written)"])
        try harness.attachTrusting(until: "READY 2004h")
        try harness.keys("S-Enter")
        try harness.waitUntil("Shift+Enter as xterm says it") { AttachHarness.receivedHex(in: $0) == "1b5b32373b323b31337e" }
        try harness.keys("C-]", "Enter")
        try harness.waitUntil("prefix Enter as Shift+Enter") {
            AttachHarness.receivedHex(in: $0) == "1b5b32373b323b31337e" + "1b5b32373b323b31337e"
        }

        // The prefix works while tmux reports extended keys, and detaching (the host still
        // wanting them) turns the mode off before the alternate screen is left.
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
        let output = try String(decoding: Data(contentsOf: URL(fileURLWithPath: written)), as: UTF8.self)
        let on = try XCTUnwrap(output.range(of: "\u{1B}[>4;2m"), "Drover asked tmux for modifyOtherKeys")
        let off = try XCTUnwrap(output.range(of: "\u{1B}[>4m", range: on.upperBound..<output.endIndex), "and reset it")
        let left = try XCTUnwrap(output.range(of: "\u{1B}[?1049l", options: .backwards))
        XCTAssertLessThan(off.lowerBound, left.lowerBound, "reset before the alternate screen is left")
        XCTAssertNil(output.range(of: "\u{1B}[>4;2m", range: off.upperBound..<output.endIndex), "and not asked for again")
        // tmux sends Alt+Enter as `CSI 13;3u` while modifyOtherKeys is on, as ESC CR otherwise
        // (tmux also drops the mode with the alternate screen, so this alone would not show the reset).
        try harness.type("\(AttachHarness.fixture(["2004h"]))\n")
        try harness.waitFor("READY 2004h")
        try harness.keys("M-Enter")
        let text = try harness.waitUntil("a key in the local shell") { !AttachHarness.receivedHex(in: $0).isEmpty }
        XCTAssertEqual(AttachHarness.receivedHex(in: text), "1b0d", "after detach tmux sends legacy keys again")
    }

    func testAnotherPrefixDetachesAndCtrlBracketGoesToTheHost() throws {
        try harness.registerHost(command: AttachHarness.fixtureCommand(["2004h"]))
        try harness.attachTrusting(until: "READY 2004h", options: "--prefix ctrl+a")
        try harness.keys("C-]")
        try harness.waitUntil("ctrl+] at the host") { AttachHarness.receivedHex(in: $0) == "1d" }
        try harness.keys("C-a", "?")
        try harness.waitFor("ctrl+a d ")
        try harness.keys("x")
        try harness.keys("C-a", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
