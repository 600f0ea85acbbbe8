import XCTest
@testable import VT

/// OSC 52 from the remote (checked writes kept for the owner, reads never answered) and OSC 9 /
/// OSC 777 notifications, plus the base64 codec they use.
final class ClipboardAndNotificationTests: XCTestCase {
    private func parse(_ body: String) -> ClipboardRequest {
        Array(body.utf8).withUnsafeBufferPointer { ClipboardRequest.parse($0) }
    }

    private func decode(_ text: String) -> [UInt8]? {
        Array(text.utf8).withUnsafeBufferPointer { Base64.decode($0) }
    }

    func testBase64RoundTripsEveryLength() {
        for length in 0..<10 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + 200) }
            let encoded = Base64.encode(bytes)
            XCTAssertEqual(encoded.count % 4, 0)
            XCTAssertEqual(encoded.withUnsafeBufferPointer { Base64.decode($0) }, bytes, "length \(length)")
        }
        XCTAssertEqual(String(decoding: Base64.encode(Array("hello".utf8)), as: UTF8.self), "aGVsbG8=")
    }

    func testBase64IsStrict() {
        XCTAssertEqual(decode("aGVsbG8"), Array("hello".utf8), "padding may be left out")
        XCTAssertNil(decode("aGVs bG8="), "whitespace")
        XCTAssertNil(decode("aGVsbG8*"), "outside the alphabet")
        XCTAssertNil(decode("aGVsbG9="), "stray bits after the last byte")
        XCTAssertNil(decode("a"), "one character cannot make a byte")
        XCTAssertNil(decode("aG=Vs"), "padding in the middle")
    }

    func testAWriteOfTextIsAcceptedAndAReadIsReportedAsARead() {
        XCTAssertEqual(parse("c;aGVsbG8="), .write(Array("hello".utf8)))
        XCTAssertEqual(parse(";aGVsbG8="), .write(Array("hello".utf8)), "an empty selection means the default")
        XCTAssertEqual(parse("c;?"), .read)
        XCTAssertEqual(parse("c;"), .rejected(.empty))
        XCTAssertEqual(parse("c;not base64!"), .rejected(.notBase64))
        XCTAssertEqual(parse("aGVsbG8="), .rejected(.notBase64), "no selection field")
    }

    func testTextMayHoldLineBreaksAndTabsButNoOtherControlsOrInvalidUTF8() {
        let ok = String(decoding: Base64.encode(Array("a\tb\r\nc é 漢 🙂".utf8)), as: UTF8.self)
        XCTAssertEqual(parse("c;" + ok), .write(Array("a\tb\r\nc é 漢 🙂".utf8)))
        for bad: [UInt8] in [[0x1B, 0x5B, 0x41], [0x61, 0x00], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF], [0xC2, 0x9B], [0x7F]] {
            let text = String(decoding: Base64.encode(bad), as: UTF8.self)
            XCTAssertEqual(parse("c;" + text), .rejected(.notText), "\(bad)")
        }
    }

    func testAtMostOneMebibyteIsAccepted() {
        let limit = [UInt8](repeating: UInt8(ascii: "x"), count: ClipboardRequest.maximumBytes)
        let body = "c;" + String(decoding: Base64.encode(limit), as: UTF8.self)
        XCTAssertEqual(parse(body), .write(limit))
        let over = "c;" + String(decoding: Base64.encode(limit + [UInt8(ascii: "x")]), as: UTF8.self)
        XCTAssertEqual(parse(over), .rejected(.tooLarge))
    }

    func testTheTerminalKeepsTheLastWriteAndNeverAnswersARead() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}]52;c;\(b64("first"))\u{07}\u{1B}]52;c;\(b64("second"))\u{1B}\\")
        XCTAssertTrue(t.hasClipboardWrite)
        XCTAssertEqual(t.takeClipboardWrite(), Array("second".utf8), "the last write wins")
        XCTAssertNil(t.takeClipboardWrite())
        t.feed("\u{1B}]52;c;?\u{07}\u{1B}]52;p;?\u{1B}\\")
        XCTAssertTrue(t.takeReplies().isEmpty, "a read is never answered")
        XCTAssertFalse(t.hasClipboardWrite)
        t.feed("\u{1B}]52;c;\(b64("\u{1B}[31m"))\u{07}")
        XCTAssertFalse(t.hasClipboardWrite, "text with an escape is dropped")
        XCTAssertEqual(t.frame().rowText(0), "", "nothing of it is drawn")
    }

    func testALargeWriteGetsThroughTheParserAndALargerOneIsDroppedWhole() {
        let t = Terminal(columns: 20, rows: 2)
        let big = String(repeating: "y", count: ClipboardRequest.maximumBytes)
        t.feed("\u{1B}]52;c;\(b64(big))\u{07}")
        XCTAssertEqual(t.takeClipboardWrite()?.count, ClipboardRequest.maximumBytes)
        t.feed("\u{1B}]52;c;\(b64(big + String(repeating: "y", count: 4096)))\u{07}after")
        XCTAssertNil(t.takeClipboardWrite())
        XCTAssertEqual(t.frame().rowText(0), "after", "the stream goes on after the dropped string")
        XCTAssertLessThanOrEqual(t.parser.osc.capacity, Parser.oscLimit * 2, "the buffer shrinks back")
        // Other OSC strings keep the small limit.
        t.feed("\u{1B}]2;\(String(repeating: "t", count: 5000))\u{07}")
        XCTAssertEqual(t.title, "")
    }

    func testOSC9And777NotificationsAreCounted() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}]9;build done\u{07}")
        XCTAssertEqual(t.notificationCount, 1)
        XCTAssertEqual(t.lastNotification, RemoteNotification(title: "", body: "build done"))
        t.feed("\u{1B}]777;notify;Claude;needs input; now\u{1B}\\")
        XCTAssertEqual(t.notificationCount, 2)
        XCTAssertEqual(t.lastNotification, RemoteNotification(title: "Claude", body: "needs input; now"))
        t.feed("\u{1B}]9;4;1;50\u{07}\u{1B}]777;preexec\u{07}")
        XCTAssertEqual(t.notificationCount, 2, "ConEmu's progress and other OSC 777 commands are not notifications")
        XCTAssertTrue(t.takeReplies().isEmpty)
    }

    private func b64(_ text: String) -> String {
        String(decoding: Base64.encode(Array(text.utf8)), as: UTF8.self)
    }
}
