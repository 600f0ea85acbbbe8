import XCTest
@testable import Sessions

/// Issue 30, item 1, without sshd: keys the channel took stay with the host's outbox until a
/// probe sent after them is answered; a lost link puts the rest back ahead of the kept keys,
/// in typing order, answers excepted; an ended session drops them.
final class UnprovenKeysTests: XCTestCase {
    private let report = Array("\u{1B}[3;7R".utf8)

    private func written(_ outbox: inout HostOutbox) -> [UInt8] {
        var out: [UInt8] = []
        outbox.write { out += $0; return $0.count }
        return out
    }

    /// What the next connection sends once it is attached and has drawn.
    private func redelivered(_ outbox: inout HostOutbox) -> [UInt8] {
        outbox.attached()
        _ = outbox.releaseKept()
        return written(&outbox)
    }

    func testKeysWrittenIntoALinkThatDiesAreSentAgainOnceInOrder() {
        var outbox = HostOutbox()
        outbox.attached()
        outbox.type(Array("LOST".utf8))
        outbox.reply(report)
        outbox.type(Array(".".utf8))
        XCTAssertEqual(written(&outbox), Array("LOST".utf8) + report + Array(".".utf8))
        XCTAssertTrue(outbox.hasUnprovenKeys)

        outbox.detached()
        XCTAssertTrue(outbox.hasKeptKeys, "counted in the waiting keys")
        XCTAssertEqual(outbox.statusNote?.hasPrefix("5 typed bytes wait"), true, outbox.statusNote ?? "")
        outbox.type(Array("OK.".utf8))   // typed while away: after them
        XCTAssertEqual(redelivered(&outbox), Array("LOST.OK.".utf8), "the answer to the old screen is not sent again")
        outbox.detached()
        XCTAssertEqual(redelivered(&outbox), Array("LOST.OK.".utf8), "still unproven on the new link: kept again")
    }

    func testAnAnsweredProbeProvesTheKeysWrittenBeforeIt() {
        var outbox = HostOutbox()
        outbox.attached()
        outbox.type(Array("ls\r".utf8))
        _ = written(&outbox)
        let mark = outbox.keyBytesWritten
        outbox.type(Array("pwd\r".utf8))
        _ = written(&outbox)
        outbox.proven(through: mark)
        XCTAssertTrue(outbox.hasUnprovenKeys, "pwd went after the probe")
        outbox.detached()
        XCTAssertEqual(redelivered(&outbox), Array("pwd\r".utf8), "ls was proven: never sent twice")
        outbox.proven(through: outbox.keyBytesWritten)
        XCTAssertFalse(outbox.hasUnprovenKeys)
        outbox.detached()
        XCTAssertFalse(outbox.hasKeptKeys)
    }

    func testKeysTheChannelHadNotTakenFollowThoseItTook() {
        var outbox = HostOutbox()
        outbox.attached()
        outbox.type(Array("abcdef".utf8))
        outbox.write { _ in 2 }   // takes "ab", then is full
        outbox.type(Array("gh".utf8))
        outbox.detached()
        XCTAssertEqual(redelivered(&outbox), Array("abcdefgh".utf8), "a chunk cut by the link goes again whole, once")
    }

    func testAnEndedSessionsKeysAreNotSentToTheNextOne() {
        var outbox = HostOutbox()
        outbox.attached()
        outbox.type(Array("exit\r".utf8))
        _ = written(&outbox)
        outbox.detached(keepingKeys: false)
        XCTAssertFalse(outbox.hasKeptKeys)
        XCTAssertFalse(outbox.hasUnprovenKeys)
    }

    func testPastTheBoundWhatIsSentAgainIsAPrefixAndTheRestIsCounted() {
        var outbox = HostOutbox()
        outbox.attached()
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: HostOutbox.keptLimit - 1)
        outbox.type(big)
        _ = written(&outbox)
        outbox.type(Array("yz".utf8))
        _ = written(&outbox)
        outbox.detached()
        XCTAssertEqual(outbox.statusNote?.contains("2 newer bytes dropped"), true, outbox.statusNote ?? "")
        XCTAssertEqual(redelivered(&outbox), big)
    }
}
