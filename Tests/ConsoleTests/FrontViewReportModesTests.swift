import XCTest
import VT
@testable import Console

/// Focus (`?1004`) and colour-scheme (`?2031`) reports are on in the local terminal exactly
/// while the shown host has them on; a scheme report reaches a host that asked for it, and the
/// colours are asked again; what the terminal says it looks like reaches the shown emulator.
final class FrontViewReportModesTests: XCTestCase {
    typealias Harness = FrontViewTests.Harness
    private let e = "\u{1B}"
    private func text(_ frames: [[UInt8]]) -> String { frames.map { String(decoding: $0, as: UTF8.self) }.joined() }

    func testReportModesFollowTheShownHost() throws {
        let h = try Harness()
        h.view.receiveRemote(Array("\(e)[?1004h\(e)[?2031hx".utf8))
        try h.run { self.text(h.frames).contains("x") }
        XCTAssertTrue(text(h.frames).contains("\(e)[?1004h\(e)[?2031h"), text(h.frames))
        h.frames.removeAll()

        // Another host without them comes forward: both go off.
        let other = HostScreen(terminal: Terminal(columns: 20, rows: 5))
        h.view.show(other)
        try h.run { !h.frames.isEmpty }
        XCTAssertTrue(text(h.frames).hasPrefix("\(e)[?1004l\(e)[?2031l"), text(h.frames))
        h.frames.removeAll()
        h.view.receiveRemote(Array("\(e)[?2031hy".utf8))
        try h.run { self.text(h.frames).contains("y") }
        XCTAssertTrue(text(h.frames).hasPrefix("\(e)[?2031h"), text(h.frames))
        XCTAssertFalse(text(h.frames).contains("1004"), text(h.frames))
    }

    func testFocusReportsPassThroughOnlyWhileTheHostAsked() throws {
        let h = try Harness()
        h.view.receiveLocal(Array("\(e)[I".utf8))
        XCTAssertTrue(h.sent.isEmpty)
        h.view.receiveRemote(Array("\(e)[?1004h".utf8))
        h.view.receiveLocal(Array("\(e)[O\(e)[I".utf8))
        XCTAssertEqual(String(decoding: h.sent, as: UTF8.self), "\(e)[O\(e)[I")
    }

    func testASchemeReportReachesAHostThatAskedAndTheColoursAreAskedAgain() throws {
        let h = try Harness()
        h.view.receiveLocal(Array("\(e)[?997;1n".utf8))
        XCTAssertTrue(h.sent.isEmpty, "the host did not ask")
        h.view.receiveRemote(Array("\(e)[?2031h".utf8))
        h.frames.removeAll()
        h.view.receiveLocal(Array("\(e)[?997;2n".utf8))
        XCTAssertEqual(String(decoding: h.sent, as: UTF8.self), "\(e)[?997;2n")
        try h.run { !h.frames.isEmpty }
        XCTAssertTrue(h.frames.contains { $0.starts(with: ConsoleSequences.appearanceQueries) }, "asked again")
        h.sent.removeAll()
        h.view.receiveRemote(Array("\(e)[?996n".utf8))
        XCTAssertEqual(String(decoding: h.sent, as: UTF8.self), "\(e)[?997;2n", "the shown emulator knows the scheme")
    }

    func testTheShownEmulatorAnswersWithTheLocalColours() throws {
        let h = try Harness()
        h.view.receiveLocal(Array("\(e)]11;rgb:1010/2020/3030\(e)\\".utf8))
        h.view.receiveRemote(Array("\(e)]11;?\u{07}".utf8))
        XCTAssertEqual(String(decoding: h.sent, as: UTF8.self), "\(e)]11;rgb:1010/2020/3030\u{07}")
    }
}
