import XCTest
@testable import VT

/// OSC 99 (kitty's notifications, in pieces) and OSC 9;4 progress (ADR 0029).
final class KittyNotificationAndProgressTests: XCTestCase {
    private let st = "\u{1B}\\"

    func testHerdrsTitleThenBodyPairIsOneNotification() {
        let t = Terminal(columns: 20, rows: 2)
        // herdr's own form (src/terminal_notify.rs): a title piece with d=0, then the body.
        t.feed("\u{1B}]99;i=1:d=0;pi finished\(st)")
        XCTAssertEqual(t.notificationCount, 0, "a piece with d=0 waits for the rest")
        t.feed("\u{1B}]99;i=1:p=body;ws · 1\(st)")
        XCTAssertEqual(t.notificationCount, 1)
        XCTAssertEqual(t.lastNotification, RemoteNotification(title: "pi finished", body: "ws · 1"))
        XCTAssertEqual(t.kittyNotifications.pendingCount, 0)
        XCTAssertTrue(t.takeReplies().isEmpty)
    }

    func testATitleAloneAndBase64PiecesAndChunksAddUp() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}]99;;agent done\u{07}")
        XCTAssertEqual(t.lastNotification, RemoteNotification(title: "agent done", body: ""))
        let part = String(decoding: Base64.encode(Array("needs ".utf8)), as: UTF8.self)
        t.feed("\u{1B}]99;i=x:d=0:p=body:e=1;\(part)\(st)\u{1B}]99;i=y:d=0;other\(st)")
        t.feed("\u{1B}]99;i=x:d=0:p=body;you\(st)\u{1B}]99;i=x:p=title;Claude\(st)")
        XCTAssertEqual(t.notificationCount, 2)
        XCTAssertEqual(t.lastNotification, RemoteNotification(title: "Claude", body: "needs you"))
        XCTAssertEqual(t.kittyNotifications.pendingCount, 1, "y still waits")
    }

    func testOtherPayloadsAndMalformedPiecesShowNothing() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}]99;i=q:p=?;\(st)\u{1B}]99;i=a:p=alive;\(st)\u{1B}]99;i=b:p=icon;abc\(st)")
        t.feed("\u{1B}]99;broken;text\(st)\u{1B}]99;no separator\(st)\u{1B}]99;e=1;not base64!\(st)")
        t.feed("\u{1B}]99;i=c:d=0;kept\(st)\u{1B}]99;i=c:p=close;\(st)\u{1B}]99;i=c;\(st)")
        XCTAssertEqual(t.notificationCount, 0)
        XCTAssertTrue(t.takeReplies().isEmpty, "a query is not answered")
    }

    func testPiecesThatNeverEndAreBounded() {
        let t = Terminal(columns: 20, rows: 2)
        for id in 0..<100 { t.feed("\u{1B}]99;i=\(id):d=0;t\(st)") }
        XCTAssertEqual(t.kittyNotifications.pendingCount, KittyNotificationPieces.maximumPending)
        let chunk = String(repeating: "w", count: 1000)
        for _ in 0..<20 { t.feed("\u{1B}]99;i=long:d=0:p=body;\(chunk)\(st)") }
        t.feed("\u{1B}]99;i=long:p=body;\(st)")
        XCTAssertEqual(t.lastNotification?.body.utf8.count, KittyNotificationPieces.maximumBytes)
    }

    func testProgressIsRecordedAndRemoved() {
        let t = Terminal(columns: 20, rows: 2)
        t.feed("\u{1B}]9;4;1;42\u{07}")
        XCTAssertEqual(t.progress, RemoteProgress(state: .normal, percent: 42))
        XCTAssertEqual(t.progress?.summary, "42%")
        t.feed("\u{1B}]9;4;3\(st)")
        XCTAssertEqual(t.progress?.summary, "busy")
        t.feed("\u{1B}]9;4;2;180\(st)")
        XCTAssertEqual(t.progress, RemoteProgress(state: .error, percent: 100), "the percentage is clamped")
        t.feed("\u{1B}]9;4;4\(st)")
        XCTAssertEqual(t.progress?.summary, "paused")
        t.feed("\u{1B}]9;4;7;5\(st)")
        XCTAssertEqual(t.progress?.summary, "paused", "an unknown state is ignored")
        t.feed("\u{1B}]9;4;0\(st)")
        XCTAssertNil(t.progress)
        XCTAssertEqual(t.progressCount, 5)
        XCTAssertEqual(t.notificationCount, 0, "progress is no notification")
    }
}
