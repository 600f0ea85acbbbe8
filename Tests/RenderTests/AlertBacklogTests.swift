import XCTest
@testable import Render

/// Signals waiting for a frame while the local terminal takes none: bounded, in order.
final class AlertBacklogTests: XCTestCase {
    func testKeptSignalsKeepTheirOrder() {
        var backlog = AlertBacklog()
        backlog.add(.notification(title: "a", body: "1"))
        backlog.add(.bell)
        backlog.add(.clipboard(Array("x".utf8)))
        backlog.add(.notification(title: "b", body: "2"))
        XCTAssertEqual(backlog.signals, [.notification(title: "a", body: "1"), .bell, .clipboard(Array("x".utf8)),
                                         .notification(title: "b", body: "2")])
        var out: [UInt8] = Array("frame".utf8)
        backlog.drain(into: &out, style: .osc777)
        XCTAssertEqual(String(decoding: out, as: UTF8.self),
                       "frame\u{1B}]777;notify;a;1\u{1B}\\\u{07}\u{1B}]52;c;eA==\u{1B}\\\u{1B}]777;notify;b;2\u{1B}\\")
        XCTAssertTrue(backlog.isEmpty, "drained once")
    }

    func testAFloodKeepsTheNewestClipboardOneBellAndTheNewestNotifications() {
        var backlog = AlertBacklog()
        for index in 0..<10_000 {
            backlog.add(.bell)
            backlog.add(.clipboard(Array("copy \(index)".utf8)))
            backlog.add(.notification(title: "n", body: String(index)))
        }
        let kept = backlog.signals
        XCTAssertEqual(kept.count, 1 + 1 + AlertBacklog.maximumNotifications)
        XCTAssertEqual(kept.filter { $0 == .bell }.count, 1)
        XCTAssertTrue(kept.contains(.clipboard(Array("copy 9999".utf8))))
        XCTAssertTrue(kept.contains(.notification(title: "n", body: "9992")))
        XCTAssertFalse(kept.contains(.notification(title: "n", body: "9991")))
        XCTAssertEqual(kept.last, .notification(title: "n", body: "9999"))
    }
}
