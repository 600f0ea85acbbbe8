import XCTest
@testable import VT

final class MouseModesTests: XCTestCase {
    func testSettingTrackingSelectsItAndResettingAnyTurnsItOff() {
        var m = MouseModes()
        m.apply(mode: 1000, enabled: true)
        m.apply(mode: 1003, enabled: true)
        XCTAssertEqual(m.tracking, .anyEvent)
        m.apply(mode: 1000, enabled: false)
        XCTAssertEqual(m.tracking, .off)
    }

    func testResetOfInactiveEncodingKeepsSGR() {
        var m = MouseModes()
        for mode in [1000, 1002, 1003, 1006] { m.apply(mode: mode, enabled: true) }
        m.apply(mode: 1016, enabled: false)
        XCTAssertEqual(m.encoding, .sgr)
        XCTAssertEqual(m.tracking, .anyEvent)
    }

    func testResetOfActiveEncodingFallsBackToX10() {
        var m = MouseModes()
        m.apply(mode: 1015, enabled: true)
        m.apply(mode: 1015, enabled: false)
        XCTAssertEqual(m.encoding, .x10)
    }

    func testNonMouseModeIsNotHandled() {
        var m = MouseModes()
        XCTAssertFalse(m.apply(mode: 25, enabled: true))
        XCTAssertNil(m.isSet(mode: 2004))
        XCTAssertEqual(m.isSet(mode: 1006), false)
    }
}
