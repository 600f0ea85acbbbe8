import XCTest
import VT

final class MouseEncodingTests: XCTestCase {
    private func encoder(_ tracking: MouseTracking, _ encoding: MouseEncoding = .x10) -> InputEncoder {
        var modes = TerminalModes()
        modes.mouse = MouseModes(tracking: tracking, encoding: encoding)
        return InputEncoder(modes: modes, cellPixelWidth: 9, cellPixelHeight: 18)
    }

    private func send(_ enc: InputEncoder, _ button: MouseButton, _ action: MouseAction,
                      _ col: Int = 10, _ row: Int = 5, _ mods: KeyModifiers = []) -> [UInt8] {
        enc.encode(.mouse(MouseEvent(button: button, action: action, column: col, row: row, modifiers: mods)))
    }

    private func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }

    func testTrackingOffSendsNothing() {
        let e = encoder(.off, .sgr)
        XCTAssertEqual(send(e, .left, .press), [])
        XCTAssertEqual(send(e, .wheelUp, .press), [])
    }

    func testX10EncodingAddsThirtyTwo() {
        let e = encoder(.normal)
        XCTAssertEqual(send(e, .left, .press), [0x1B, 0x5B, 0x4D, 32, 42, 37])
        XCTAssertEqual(send(e, .right, .release), [0x1B, 0x5B, 0x4D, 35, 42, 37])
    }

    func testX10EncodingDropsPositionsBeyond223() {
        let e = encoder(.normal)
        XCTAssertEqual(send(e, .left, .press, 223, 1), [0x1B, 0x5B, 0x4D, 32, 255, 33])
        XCTAssertEqual(send(e, .left, .press, 224, 1), [])
    }

    func testX10CompatibilityReportsPressesOnlyWithoutModifiers() {
        let e = encoder(.x10)
        XCTAssertEqual(send(e, .left, .press, 1, 1, .control), [0x1B, 0x5B, 0x4D, 32, 33, 33])
        XCTAssertEqual(send(e, .left, .release), [])
        XCTAssertEqual(send(e, .left, .motion), [])
    }

    func testNormalTrackingReportsPressAndReleaseButNotMotion() {
        let e = encoder(.normal, .sgr)
        XCTAssertEqual(text(send(e, .middle, .press)), "\u{1B}[<1;10;5M")
        XCTAssertEqual(text(send(e, .middle, .release)), "\u{1B}[<1;10;5m")
        XCTAssertEqual(send(e, .left, .motion), [])
    }

    func testButtonEventTrackingReportsMotionOnlyWithAButton() {
        let e = encoder(.buttonEvent, .sgr)
        XCTAssertEqual(text(send(e, .left, .motion, 11, 5)), "\u{1B}[<32;11;5M")
        XCTAssertEqual(send(e, .none, .motion), [])
    }

    func testAnyEventTrackingReportsMotionWithoutButton() {
        let e = encoder(.anyEvent, .sgr)
        XCTAssertEqual(text(send(e, .none, .motion, 3, 4)), "\u{1B}[<35;3;4M")
    }

    func testModifierBits() {
        let e = encoder(.normal, .sgr)
        XCTAssertEqual(text(send(e, .left, .press, 1, 1, .shift)), "\u{1B}[<4;1;1M")
        XCTAssertEqual(text(send(e, .left, .press, 1, 1, .alt)), "\u{1B}[<8;1;1M")
        XCTAssertEqual(text(send(e, .left, .press, 1, 1, .control)), "\u{1B}[<16;1;1M")
        XCTAssertEqual(text(send(e, .right, .press, 1, 1, [.shift, .control])), "\u{1B}[<22;1;1M")
    }

    func testWheelButtonsAndNoWheelRelease() {
        let e = encoder(.normal, .sgr)
        XCTAssertEqual(text(send(e, .wheelUp, .press)), "\u{1B}[<64;10;5M")
        XCTAssertEqual(text(send(e, .wheelDown, .press)), "\u{1B}[<65;10;5M")
        XCTAssertEqual(text(send(e, .wheelLeft, .press)), "\u{1B}[<66;10;5M")
        XCTAssertEqual(text(send(e, .wheelRight, .press)), "\u{1B}[<67;10;5M")
        XCTAssertEqual(send(e, .wheelUp, .release), [])
        XCTAssertEqual(send(encoder(.normal), .wheelDown, .press, 1, 1), [0x1B, 0x5B, 0x4D, 97, 33, 33])
    }

    func testUTF8EncodingUsesTwoBytesForLargeCoordinates() {
        let e = encoder(.normal, .utf8)
        // column 300 + 32 = 332 = U+014C -> C5 8C
        XCTAssertEqual(send(e, .left, .press, 300, 2), [0x1B, 0x5B, 0x4D, 32, 0xC5, 0x8C, 34])
        XCTAssertEqual(send(e, .left, .press, 1, 1), [0x1B, 0x5B, 0x4D, 32, 33, 33])
    }

    func testURXVTEncoding() {
        let e = encoder(.normal, .urxvt)
        XCTAssertEqual(text(send(e, .left, .press, 300, 5)), "\u{1B}[32;300;5M")
        XCTAssertEqual(text(send(e, .left, .release, 300, 5)), "\u{1B}[35;300;5M")
    }

    func testSGRHasNoCoordinateLimit() {
        XCTAssertEqual(text(send(encoder(.normal, .sgr), .left, .press, 500, 300)), "\u{1B}[<0;500;300M")
    }

    func testSGRPixelsReportsTopLeftPixelOfTheCell() {
        let e = encoder(.normal, .sgrPixels)
        XCTAssertEqual(text(send(e, .left, .press, 10, 5)), "\u{1B}[<0;82;73M")
        XCTAssertEqual(text(send(e, .left, .release, 1, 1)), "\u{1B}[<0;1;1m")
    }

    func testAlternateScrollSendsCursorKeysOnAlternateScreenWithTrackingOff() {
        var modes = TerminalModes()
        modes.alternateScroll = true
        modes.alternateScreen = true
        let up = InputEncoder(modes: modes).encode(.mouse(MouseEvent(button: .wheelUp, action: .press, column: 1, row: 1)))
        XCTAssertEqual(text(up), "\u{1B}[A\u{1B}[A\u{1B}[A")
        modes.applicationCursorKeys = true
        let down = InputEncoder(modes: modes).encode(.mouse(MouseEvent(button: .wheelDown, action: .press, column: 1, row: 1)))
        XCTAssertEqual(text(down), "\u{1B}OB\u{1B}OB\u{1B}OB")
        modes.alternateScreen = false
        XCTAssertEqual(InputEncoder(modes: modes).encode(.mouse(MouseEvent(button: .wheelDown, action: .press, column: 1, row: 1))), [])
    }

    func testAlternateScrollYieldsToMouseTracking() {
        var modes = TerminalModes()
        modes.alternateScroll = true
        modes.alternateScreen = true
        modes.mouse = MouseModes(tracking: .normal, encoding: .sgr)
        let out = InputEncoder(modes: modes).encode(.mouse(MouseEvent(button: .wheelUp, action: .press, column: 2, row: 3)))
        XCTAssertEqual(text(out), "\u{1B}[<64;2;3M")
    }
}
