import XCTest
import VT
import Render
@testable import Console
@testable import Loop
@testable import Sessions

/// A host's byte path through a fake transport, without sshd (ADR 0022): reconnecting with
/// keys kept, switching hosts while an answer waits, pasting while the link is down.
final class HostStreamTests: XCTestCase {
    /// A transport that hands out what the "host" sent and takes what fits in `room`.
    final class FakeTransport: HostTransport {
        var incoming: [[UInt8]] = []
        var written: [UInt8] = []
        var room = Int.max
        var writeFailure: Error?
        /// Sizes sent; while `takesSizes` is false a size does not go out whole.
        var sizes: [String] = []
        var takesSizes = true

        func readAvailable(limit: Int, onData: (UnsafeRawBufferPointer, Bool) throws -> Bool)
            throws -> (reachedEOF: Bool, hasMore: Bool) {
            while !incoming.isEmpty {
                let piece = incoming.removeFirst()
                guard try piece.withUnsafeBytes({ try onData($0, false) }) else { return (false, true) }
            }
            return (false, false)
        }

        func write(_ bytes: ArraySlice<UInt8>) throws -> Int {
            if let writeFailure { throw writeFailure }
            let taken = min(room, bytes.count)
            room -= taken
            written += bytes.prefix(taken)
            return taken
        }

        func resize(columns: Int, rows: Int) throws -> Bool {
            guard takesSizes else { return false }
            sizes.append("\(columns)x\(rows)")
            return true
        }
        var mayRead: Bool { true }
        var receivedEOF: Bool { false }

        var text: String { String(decoding: written, as: UTF8.self) }
    }

    private struct Broken: Error {}

    private func stream() -> HostStream {
        HostStream(screen: HostScreen(terminal: Terminal(columns: 20, rows: 5)))
    }

    /// The host's output arrives: `host` sends `text`, the stream reads it.
    @discardableResult
    private func output(_ text: String, from host: FakeTransport, to stream: HostStream) throws -> HostStream.Read {
        host.incoming.append(Array(text.utf8))
        return try stream.read(limit: 16 * 1024) { _ in }
    }

    private func type(_ text: String, into stream: HostStream) throws -> HostOutbox.Route {
        let route = stream.type(Array(text.utf8))
        try stream.flush()
        return route
    }

    /// Trial finding: "1 typed bytes wait".
    func testOneKeptByteIsSaidInTheSingular() throws {
        let host = stream()
        host.open(FakeTransport())
        host.close()
        XCTAssertEqual(try type("x", into: host), .kept)
        XCTAssertEqual(host.statusNote, "1 typed byte waits to be sent (ctrl+] x discards)")
    }

    func testKeysTypedWhileReconnectingGoFirstOnceTheNewSessionDraws() throws {
        let host = stream()
        let first = FakeTransport(), second = FakeTransport()
        host.open(first)
        XCTAssertEqual(try type("ls\r", into: host), .channel)
        host.proven(through: host.keyBytesWritten)   // a probe sent after it was answered (ADR 0031)
        host.close()   // the link dropped
        XCTAssertEqual(try type("pwd\r", into: host), .kept)
        XCTAssertEqual(host.statusNote, "4 typed bytes wait to be sent (ctrl+] x discards)")
        host.open(second)
        XCTAssertEqual(try type("x", into: host), .kept, "behind the kept keys")
        XCTAssertEqual(second.text, "", "nothing before the new session drew")
        // Its first output asks for the cursor position: the kept keys go first, then the answer.
        let read = try output("\u{1B}[6n$ ", from: second, to: host)
        XCTAssertTrue(read.releasedKept)
        XCTAssertEqual(second.text, "pwd\rx\u{1B}[1;1R")
        XCTAssertEqual(try type("y", into: host), .channel)
        XCTAssertEqual(second.text, "pwd\rx\u{1B}[1;1Ry")
        XCTAssertEqual(first.text, "ls\r", "the old connection got nothing more")
        XCTAssertNil(host.statusNote)
    }

    /// Issue 30, item 1: keys the dead connection took without proof go again on the next one,
    /// ahead of those typed while away, once; the old connection's answer to its screen does not.
    func testKeysTheLostLinkTookWithoutProofGoAgainOnce() throws {
        let host = stream()
        let first = FakeTransport(), second = FakeTransport()
        host.open(first)
        XCTAssertEqual(try type("LOST.", into: host), .channel)
        try output("\u{1B}[6n", from: first, to: host)
        XCTAssertEqual(first.text, "LOST.\u{1B}[1;1R")
        host.close()   // declared dead: nothing proved the host took "LOST."
        XCTAssertEqual(host.statusNote, "5 typed bytes wait to be sent (ctrl+] x discards)")
        XCTAssertEqual(try type("OK.", into: host), .kept)
        host.open(second)
        try output("$ ", from: second, to: host)
        XCTAssertEqual(second.text, "LOST.OK.")
        host.proven(through: host.keyBytesWritten)
        host.close()
        XCTAssertNil(host.statusNote, "proven: never sent a third time")
    }

    func testSwitchingHostsWhileAnAnswerWaitsSendsItToItsOwnHost() throws {
        let loop = try EventLoop()
        let one = stream(), two = stream()
        let oneLink = FakeTransport(), twoLink = FakeTransport()
        one.open(oneLink)
        two.open(twoLink)
        var front = one
        let view = FrontView(loop: loop, screen: one.screen, configuration: .init(capabilities: ConsoleCapabilities()),
                              sendToRemote: { bytes in
                                  _ = front.type(bytes)
                                  try? front.flush()
                              }, writeLocal: { _ in })
        oneLink.room = 0   // host one's channel is full: its answer waits
        try output("\u{1B}[6n", from: oneLink, to: one)
        XCTAssertTrue(one.waitsForChannel)

        front = two
        view.show(two.screen)
        view.receiveLocal(Array("k".utf8))
        XCTAssertEqual(twoLink.text, "k", "keys go to the host now in front")
        // Host one, hidden now, asks again: its screen answers without the view.
        try output("\u{1B}[5n", from: oneLink, to: one)
        XCTAssertNil(one.screen.viewer)
        oneLink.room = .max
        try one.flush()
        XCTAssertEqual(oneLink.text, "\u{1B}[1;1R\u{1B}[0n", "both answers, in order, on host one's link")
        XCTAssertEqual(twoLink.text, "k", "none of them went to the host in front")
    }

    func testAPasteWhoseLinkDropsKeepsTheKeysHeldBehindItForTheNextSession() throws {
        let host = stream()
        let first = FakeTransport(), second = FakeTransport()
        host.open(first)
        host.holdForPaste()
        XCTAssertEqual(try type("echo", into: host), .heldBehindPaste)
        try output("\u{1B}[6n", from: first, to: host)
        XCTAssertEqual(first.text, "\u{1B}[1;1R", "the answer does not wait for the upload")
        host.close()   // the link dropped during the upload: nothing is pasted
        XCTAssertEqual(host.endPaste(nil), 0)
        XCTAssertTrue(host.hasKeptKeys)
        XCTAssertEqual(try type(" more\r", into: host), .kept)
        host.open(second)
        try output("$ ", from: second, to: host)
        XCTAssertEqual(second.text, "echo more\r")
    }

    func testAPasteThatEndsPastesInTheScreensModesBeforeTheHeldKeys() throws {
        let host = stream()
        let link = FakeTransport()
        host.open(link)
        try output("\u{1B}[?2004h", from: link, to: host)   // the host's program asks for bracketed paste
        host.holdForPaste()
        _ = try type("\r", into: host)
        XCTAssertEqual(host.endPaste("/up/p.png"), 0)
        try host.flush()
        XCTAssertEqual(link.text, "\u{1B}[200~/up/p.png\u{1B}[201~\r")
    }

    func testAnAnswerThatCannotBeSentFailsTheRead() {
        let host = stream()
        let link = FakeTransport()
        host.open(link)
        link.writeFailure = Broken()
        link.incoming.append(Array("\u{1B}[6n".utf8))
        XCTAssertThrowsError(try host.read(limit: 1024) { _ in })
    }

    /// A size the transport cannot take now is sent on a later flush, the newest one only.
    func testASizeThatCannotGoOutNowGoesNewestOnTheNextFlush() throws {
        let host = stream()
        let link = FakeTransport()
        host.resize(columns: 90, rows: 20)
        XCTAssertFalse(host.waitsForChannel, "no link: the next connection asks for the size")
        host.open(link)
        link.takesSizes = false
        host.resize(columns: 100, rows: 30)
        host.resize(columns: 120, rows: 40)
        XCTAssertTrue(host.waitsForChannel)
        link.takesSizes = true
        try host.flush()
        XCTAssertEqual(link.sizes, ["120x40"])
        XCTAssertFalse(host.waitsForChannel)
    }
}
