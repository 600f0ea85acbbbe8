import XCTest
import VT
@testable import Render

final class ScrollDetectionTests: XCTestCase {
    let plain = ConsoleCapabilities(truecolor: true, synchronizedOutput: false)

    func testFullScreenScrollUsesScrollUpAndDrawsOnlyTheNewRow() {
        let previous = Frame.text(["line one", "line two", "line three", "line four", "line five"], columns: 12)
        var next = Frame.text(["line two", "line three", "line four", "line five", "line six"], columns: 12)
        next.cursorRow = 4
        next.cursorColumn = 8
        let bytes = FrameDiff.render(from: previous, to: next, capabilities: plain).escaped
        XCTAssertEqual(bytes, "⎋[S⎋[5Hline six")
    }

    func testScrollInsideARegionKeepsTheStatusRow() {
        let previous = Frame.text(["alpha", "bravo", "charlie", "delta", "[status 1]"], columns: 12)
        let next = Frame.text(["bravo", "charlie", "delta", "echo", "[status 2]"], columns: 12)
        let bytes = FrameDiff.render(from: previous, to: next, capabilities: plain).escaped
        XCTAssertTrue(bytes.hasPrefix("⎋[1;4r⎋[S⎋[r"), bytes)
        XCTAssertFalse(bytes.contains("charlie"), bytes)
        XCTAssertTrue(bytes.contains("echo"), bytes)
        XCTAssertTrue(bytes.contains("2"), bytes)
    }

    func testScrollDownUsesScrollDown() {
        let previous = Frame.text(["b1", "c1", "d1", "e1"], columns: 4)
        let next = Frame.text(["a1", "b1", "c1", "d1"], columns: 4)
        let bytes = FrameDiff.render(from: previous, to: next, capabilities: plain).escaped
        XCTAssertEqual(bytes, "⎋[Ta1\r")
    }

    func testNoScrollWhenNothingMoved() {
        let previous = Frame.text(["a", "b", "c", "d"], columns: 4)
        let next = Frame.text(["a", "x", "c", "d"], columns: 4)
        XCTAssertNil(ScrollDetector.detect(previous: previous, next: next))
    }
}
