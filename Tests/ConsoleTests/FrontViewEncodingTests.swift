import XCTest
import VT
import Render
@testable import Console
import Loop

/// Keys are encoded inside the view, with VT's `InputEncoder`, for the modes of the emulator
/// on display; the owner only says whether an event may go to the remote now.
final class FrontViewEncodingTests: XCTestCase {
    typealias Harness = FrontViewTests.Harness

    func testCursorKeysFollowTheShownEmulatorsModes() throws {
        let h = try Harness()
        h.view.receiveLocal(Array("\u{1B}[A".utf8))
        XCTAssertEqual(h.sent, Array("\u{1B}[A".utf8), "normal cursor keys")

        h.view.receiveRemote(Array("\u{1B}[?1h".utf8))  // DECCKM: application cursor keys
        h.sent.removeAll()
        h.view.receiveLocal(Array("\u{1B}[A".utf8))
        XCTAssertEqual(h.sent, Array("\u{1B}OA".utf8), "application cursor keys")

        h.view.show(HostScreen(terminal: Terminal(columns: 20, rows: 5)))
        h.sent.removeAll()
        h.view.receiveLocal(Array("\u{1B}[A".utf8))
        XCTAssertEqual(h.sent, Array("\u{1B}[A".utf8), "the other host's emulator never set DECCKM")
    }

    func testBracketedPasteIsWrappedOnlyWhenTheRemoteAskedForIt() throws {
        let h = try Harness()
        let paste = Array("\u{1B}[200~a\nb\u{1B}[201~".utf8)
        h.view.receiveLocal(paste)
        XCTAssertEqual(h.sent, Array("a\rb".utf8))

        h.view.receiveRemote(Array("\u{1B}[?2004h".utf8))
        h.sent.removeAll()
        h.view.receiveLocal(paste)
        XCTAssertEqual(h.sent, Array("\u{1B}[200~a\rb\u{1B}[201~".utf8))
    }

    func testEventsTheOwnerDoesNotForwardAreDropped() throws {
        let loop = try EventLoop()
        var sent: [UInt8] = []
        var open = false
        let view = FrontView(loop: loop, screen: HostScreen(terminal: Terminal(columns: 20, rows: 5)),
                              configuration: .init(capabilities: ConsoleCapabilities()),
                              sendToRemote: { sent += $0 }, writeLocal: { _ in },
                              passesToHost: { _ in open })
        view.receiveLocal(Array("dropped".utf8))
        XCTAssertTrue(sent.isEmpty)
        open = true
        view.receiveLocal(Array("kept".utf8))
        XCTAssertEqual(sent, Array("kept".utf8))
    }
}
