import XCTest
@testable import Sessions

/// `HostOutbox`: one host's keys, pastes and answers in the order they arose; keys kept while
/// away (bounded, a prefix of what was typed), keys held behind a paste, answers never held.
final class HostOutboxTests: XCTestCase {
    private let start = Array("\u{1B}[200~".utf8), end = Array("\u{1B}[201~".utf8)
    private let report = Array("\u{1B}[3;7R".utf8)

    /// What the channel takes now, all of it.
    private func written(_ outbox: inout HostOutbox) -> [UInt8] {
        var out: [UInt8] = []
        outbox.write { out += $0; return $0.count }
        return out
    }

    /// What reaches the host once it is back and has drawn.
    private func delivered(_ outbox: inout HostOutbox) -> [UInt8] {
        outbox.attached()
        _ = outbox.releaseKept()
        return written(&outbox)
    }

    // MARK: Attached

    func testKeysAndAnswersGoToTheChannelInTheOrderTheyArose() {
        var outbox = HostOutbox()
        outbox.attached()
        XCTAssertEqual(outbox.type(Array("ls".utf8)), .channel)
        outbox.reply(report)
        outbox.type([0x0D])
        XCTAssertTrue(outbox.waitsForChannel)
        XCTAssertEqual(written(&outbox), Array("ls".utf8) + report + [0x0D])
        XCTAssertFalse(outbox.waitsForChannel)
    }

    func testWhatTheChannelDoesNotTakeWaitsAndGoesOnTheNextWrite() {
        var outbox = HostOutbox()
        outbox.attached()
        outbox.type(Array("abcdef".utf8))
        var first: [UInt8] = []
        outbox.write { slice in
            guard first.isEmpty else { return 0 }   // full after two bytes
            first = Array(slice.prefix(2))
            return 2
        }
        XCTAssertEqual(first, Array("ab".utf8))
        XCTAssertEqual(written(&outbox), Array("cdef".utf8))
    }

    // MARK: Pastes

    /// The case of issue 25: a cursor report asked for while a picture uploads goes at once; the
    /// keys typed after the paste wait for the pasted path and follow it.
    func testAnAnswerIsNeverHeldBehindAPasteButTypedKeysAre() {
        var outbox = HostOutbox()
        outbox.attached()
        outbox.type(Array("a".utf8))
        outbox.holdForPaste()
        XCTAssertTrue(outbox.holdsForPaste)
        XCTAssertEqual(outbox.type(Array("b".utf8)), .heldBehindPaste)
        outbox.reply(report)
        XCTAssertEqual(written(&outbox), Array("a".utf8) + report, "the answer goes during the upload")
        XCTAssertEqual(outbox.endPaste(Array("/p.png".utf8)), 0)
        XCTAssertFalse(outbox.holdsForPaste)
        XCTAssertEqual(written(&outbox), Array("/p.png".utf8) + Array("b".utf8), "the path, then the held keys")
    }

    func testKeysPastTheHeldLimitAreDroppedAndCounted() {
        var outbox = HostOutbox()
        outbox.attached()
        outbox.holdForPaste()
        outbox.type([UInt8](repeating: 0x61, count: HostOutbox.heldLimit - 1))
        outbox.type(Array("xy".utf8))
        outbox.type(Array("z".utf8))
        XCTAssertEqual(outbox.endPaste(nil), 2, "the key that did not fit; the one after it fits")
        XCTAssertEqual(written(&outbox), [UInt8](repeating: 0x61, count: HostOutbox.heldLimit - 1) + Array("z".utf8))
    }

    /// The link dropped during the upload: nothing is pasted and the held keys are kept for the
    /// next connection, behind the keys kept before them.
    func testKeysHeldBehindAPasteWhoseLinkDroppedAreKeptForTheNextConnection() {
        var outbox = HostOutbox()
        outbox.attached()
        outbox.holdForPaste()
        outbox.type(Array("echo".utf8))
        outbox.detached()
        outbox.reply(report)
        XCTAssertEqual(outbox.endPaste(nil), 0)
        XCTAssertTrue(outbox.hasKeptKeys)
        XCTAssertEqual(outbox.type(Array(" hi".utf8)), .kept)
        XCTAssertEqual(delivered(&outbox), Array("echo hi".utf8), "no answer of the dropped screen")
    }

    // MARK: Kept while away

    func testKeysAreKeptInOrderUntilTheSessionDrewAndThenGoFirst() {
        var outbox = HostOutbox()
        XCTAssertNil(outbox.statusNote)
        XCTAssertEqual(outbox.type(Array("ls".utf8)), .kept)
        outbox.attached()
        XCTAssertFalse(outbox.takesKeysNow, "kept keys go first")
        XCTAssertEqual(outbox.type([0x0D]), .kept)
        XCTAssertEqual(outbox.statusNote, "3 typed bytes wait to be sent (ctrl+] x discards)")
        XCTAssertTrue(written(&outbox).isEmpty, "nothing before the session drew")
        XCTAssertTrue(outbox.releaseKept())
        XCTAssertFalse(outbox.releaseKept(), "sent once")
        XCTAssertEqual(outbox.type(Array("pwd".utf8)), .channel)
        XCTAssertEqual(written(&outbox), Array("ls\rpwd".utf8))
        XCTAssertNil(outbox.statusNote)
    }

    func testDiscardCountsTheKeptBytes() {
        var outbox = HostOutbox()
        outbox.type([UInt8](repeating: 0x61, count: 5000))
        XCTAssertEqual(outbox.discardKept(), HostOutbox.keptLimit, "a paste larger than the bound keeps what fits")
        outbox.type(Array("abc".utf8))
        XCTAssertEqual(outbox.discardKept(), 3)
        XCTAssertFalse(outbox.hasKeptKeys)
        XCTAssertEqual(outbox.discardKept(), 0)
    }

    func testTheBoundKeepsTheOldestKeysAndDropsEveryNewerOne() {
        var outbox = HostOutbox()
        outbox.type([UInt8](repeating: 0x61, count: HostOutbox.keptLimit - 2))
        outbox.type([0x1B, 0x5B, 0x41])   // would cross the bound: dropped whole
        outbox.type([0x62])               // would fit, but comes after a dropped key
        XCTAssertEqual(outbox.statusNote, "4094 typed bytes wait to be sent; full at 4 KiB, 4 newer bytes dropped (ctrl+] x discards)")
        XCTAssertEqual(delivered(&outbox), [UInt8](repeating: 0x61, count: HostOutbox.keptLimit - 2))
        outbox.proven(through: outbox.keyBytesWritten)   // the host answered a probe sent after them
        outbox.detached()
        outbox.type([0x63])
        XCTAssertEqual(delivered(&outbox), [0x63], "after sending, the bound starts over")
    }

    /// The cut never splits a UTF-8 character: one that would cross the bound is dropped whole.
    func testACutDoesNotSplitACharacter() {
        var outbox = HostOutbox()
        let before = [UInt8](repeating: 0x61, count: HostOutbox.keptLimit - 4)
        outbox.type(before)
        outbox.type(Array("ab€c".utf8))   // room for "ab" and two of the euro sign's three bytes
        XCTAssertTrue(outbox.statusNote?.contains("4 newer bytes dropped") == true, "the euro sign and the c")
        XCTAssertEqual(delivered(&outbox), before + Array("ab".utf8))
    }

    /// A bracketed paste that does not fit keeps a prefix of its text and its closing bracket.
    func testACutBracketedPasteKeepsItsClosingBracket() {
        var outbox = HostOutbox()
        outbox.type([UInt8](repeating: 0x61, count: 100))
        outbox.type(start + [UInt8](repeating: 0x62, count: 5000) + end)
        let kept = HostOutbox.keptLimit - 100 - start.count - end.count
        XCTAssertTrue(outbox.statusNote?.contains("\(5000 - kept) newer bytes dropped") == true)
        XCTAssertEqual(delivered(&outbox), [UInt8](repeating: 0x61, count: 100) + start
                       + [UInt8](repeating: 0x62, count: kept) + end)
    }

    /// With no room for the brackets around at least one character, the paste is dropped whole;
    /// a key with an escape sequence is never cut.
    func testNoHalfSequenceIsKept() {
        var outbox = HostOutbox()
        let before = [UInt8](repeating: 0x61, count: HostOutbox.keptLimit - start.count - end.count)
        outbox.type(before)
        outbox.type(start + Array("xyz".utf8) + end)
        XCTAssertEqual(delivered(&outbox), before)

        var alt = HostOutbox()
        alt.type([UInt8](repeating: 0x61, count: HostOutbox.keptLimit - 1))
        alt.type([0x1B, 0x78])
        XCTAssertTrue(alt.statusNote?.contains("2 newer bytes dropped") == true)
        XCTAssertEqual(delivered(&alt).count, HostOutbox.keptLimit - 1)
    }
}
