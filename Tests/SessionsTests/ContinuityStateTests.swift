import XCTest
import SSH
@testable import Sessions

/// The pure parts of continuity: the typed-key queue and its bound, the keepalive watch, and
/// the kept login answers.
final class ContinuityStateTests: XCTestCase {
    // MARK: PendingInput

    func testKeysAreKeptInOrderAndTakenOnce() {
        var pending = PendingInput()
        XCTAssertTrue(pending.isEmpty)
        XCTAssertNil(pending.statusNote)
        pending.append(Array("ls".utf8))
        pending.append([0x1B, 0x5B, 0x41])   // up arrow
        pending.append([0x0D])
        XCTAssertEqual(pending.statusNote, "6 typed bytes wait to be sent (ctrl+] x discards)")
        XCTAssertEqual(pending.take(), Array("ls".utf8) + [0x1B, 0x5B, 0x41, 0x0D])
        XCTAssertTrue(pending.isEmpty)
        XCTAssertEqual(pending.take(), [])
    }

    /// At 4 KiB the oldest keys are kept and every newer one is dropped, whole, even one that
    /// would still fit: what is sent stays a prefix of what was typed.
    func testTheBoundKeepsTheOldestAndDropsEveryNewerKey() {
        var pending = PendingInput()
        pending.append([UInt8](repeating: 0x61, count: PendingInput.limit - 2))
        pending.append([0x1B, 0x5B, 0x41])   // would cross the bound: dropped whole
        pending.append([0x62])               // would fit, but comes after a dropped key
        XCTAssertEqual(pending.bytes.count, PendingInput.limit - 2)
        XCTAssertEqual(pending.dropped, 4)
        XCTAssertFalse(pending.isEmpty)
        XCTAssertEqual(pending.statusNote,
                       "4094 typed bytes wait to be sent; full at 4 KiB, 4 newer bytes dropped (ctrl+] x discards)")
        XCTAssertEqual(pending.take(), [UInt8](repeating: 0x61, count: PendingInput.limit - 2))
        pending.append([0x63])
        XCTAssertEqual(pending.bytes, [0x63], "after sending, the queue starts over")
    }

    func testDiscardDropsEverythingAndSaysHowMuch() {
        var pending = PendingInput()
        pending.append([UInt8](repeating: 0x61, count: 5000))
        XCTAssertEqual(pending.discard(), PendingInput.limit, "a paste larger than the bound keeps what fits")
        pending.append(Array("abc".utf8))
        XCTAssertEqual(pending.discard(), 3)
        XCTAssertTrue(pending.isEmpty)
    }

    /// A plain paste larger than the room left keeps its longest prefix that fits, instead of
    /// being dropped whole; what comes after it is dropped, so the queue stays a prefix.
    func testAPlainPasteTooLargeKeepsWhatFits() {
        var pending = PendingInput()
        let paste = (0..<4200).map { UInt8(0x61 + $0 % 26) }
        pending.append(paste)
        XCTAssertEqual(pending.bytes, Array(paste.prefix(PendingInput.limit)))
        XCTAssertEqual(pending.dropped, 4200 - PendingInput.limit)
        pending.append([0x62])
        XCTAssertEqual(pending.bytes.count, PendingInput.limit, "nothing after a drop is kept")
        XCTAssertEqual(pending.dropped, 4200 - PendingInput.limit + 1)
    }

    /// The cut never splits a UTF-8 character: one that would cross the bound is dropped whole.
    func testACutPasteDoesNotSplitACharacter() {
        var pending = PendingInput()
        let before = [UInt8](repeating: 0x61, count: PendingInput.limit - 4)
        pending.append(before)
        pending.append(Array("ab€c".utf8))   // room for "ab" and two of the euro sign's three bytes
        XCTAssertEqual(pending.bytes, before + Array("ab".utf8))
        XCTAssertEqual(pending.dropped, 4, "the euro sign and the c after it")
    }

    /// A bracketed paste that does not fit keeps a prefix of its text and its closing bracket,
    /// so the remote leaves paste mode.
    func testACutBracketedPasteKeepsItsClosingBracket() {
        let start = Array("\u{1B}[200~".utf8), end = Array("\u{1B}[201~".utf8)
        var pending = PendingInput()
        pending.append([UInt8](repeating: 0x61, count: 100))
        let text = [UInt8](repeating: 0x62, count: 5000)
        pending.append(start + text + end)
        let kept = PendingInput.limit - 100 - start.count - end.count
        XCTAssertEqual(pending.bytes, [UInt8](repeating: 0x61, count: 100) + start
                       + [UInt8](repeating: 0x62, count: kept) + end)
        XCTAssertEqual(pending.dropped, 5000 - kept)
    }

    /// With no room for the brackets around at least one character, the paste is dropped whole.
    func testABracketedPasteWithoutRoomForItsBracketsIsDroppedWhole() {
        let start = Array("\u{1B}[200~".utf8), end = Array("\u{1B}[201~".utf8)
        var pending = PendingInput()
        let before = [UInt8](repeating: 0x61, count: PendingInput.limit - start.count - end.count)
        pending.append(before)
        pending.append(start + Array("xyz".utf8) + end)
        XCTAssertEqual(pending.bytes, before)
        XCTAssertEqual(pending.dropped, start.count + 3 + end.count)
    }

    /// A key with an escape sequence (here alt+x) is never cut, even when part of it would fit.
    func testAnEscapeSequenceIsNeverCut() {
        var pending = PendingInput()
        pending.append([UInt8](repeating: 0x61, count: PendingInput.limit - 1))
        pending.append([0x1B, 0x78])
        XCTAssertEqual(pending.bytes.count, PendingInput.limit - 1)
        XCTAssertEqual(pending.dropped, 2)
    }

    // MARK: KeepaliveWatch

    func testTheFirstUnansweredKeepaliveIsReportedAndAnswerClearsIt() {
        let t0 = ContinuousClock.now
        var watch = KeepaliveWatch(now: t0)
        let limit = Duration.seconds(45)
        XCTAssertEqual(watch.tick(at: t0 + .seconds(15), deadAfter: limit), .answering, "no keepalive sent yet")
        watch.probed(at: t0 + .seconds(15))
        XCTAssertFalse(watch.heard(at: t0 + .seconds(15.1)), "the answer came; nothing to clear")
        XCTAssertEqual(watch.tick(at: t0 + .seconds(30), deadAfter: limit), .answering)
        watch.probed(at: t0 + .seconds(30))
        XCTAssertEqual(watch.tick(at: t0 + .seconds(45), deadAfter: limit), .unanswered)
        XCTAssertEqual(watch.statusNote(host: "mac", now: t0 + .seconds(47), deadAfter: limit),
                       "mac: no answer for 31 s; reconnecting after 45 s of silence")
        XCTAssertTrue(watch.heard(at: t0 + .seconds(48)), "hearing from the host ends the notice")
        XCTAssertNil(watch.statusNote(host: "mac", now: t0 + .seconds(48), deadAfter: limit))
    }

    func testAKeepaliveUnansweredWithinItsWindowIsReportedAtOnce() {
        let t0 = ContinuousClock.now
        var watch = KeepaliveWatch(now: t0)
        XCTAssertFalse(watch.answerWindowEnded(), "no keepalive sent yet")
        watch.probed(at: t0 + .seconds(15))
        _ = watch.heard(at: t0 + .seconds(15.2))
        XCTAssertFalse(watch.answerWindowEnded(), "answered within the window")
        watch.probed(at: t0 + .seconds(30))
        XCTAssertTrue(watch.answerWindowEnded(), "nothing heard since the keepalive: silent now")
        XCTAssertFalse(watch.answerWindowEnded(), "reported once")
        XCTAssertEqual(watch.statusNote(host: "mac", now: t0 + .seconds(33), deadAfter: .seconds(45)),
                       "mac: no answer for 17 s; reconnecting after 45 s of silence")
    }

    func testSilenceLongerThanTheLimitIsDead() {
        let t0 = ContinuousClock.now
        var watch = KeepaliveWatch(now: t0)
        watch.probed(at: t0)
        XCTAssertEqual(watch.tick(at: t0 + .seconds(46), deadAfter: .seconds(45)), .dead(silentSeconds: 46))
    }

    // MARK: LoginAnswers

    private let password = SSHAuthPrompt(text: "ann@mac's password: ", echo: false)

    func testAHiddenAnswerIsOfferedOnceAtTheFirstTryOfALaterLogin() {
        let answers = LoginAnswers()
        XCTAssertNil(answers.answer(for: password))
        answers.keep("hunter2", for: password)
        XCTAssertEqual(answers.answer(for: password), "hunter2")
        let retry = SSHAuthPrompt(text: password.text, echo: false, instruction: "refused", attempt: 2)
        XCTAssertNil(answers.answer(for: retry), "asked again in the same login: the kept answer was refused")
        answers.keep("shown", for: SSHAuthPrompt(text: "Login name: ", echo: true))
        XCTAssertNil(answers.answer(for: SSHAuthPrompt(text: "Login name: ", echo: true)), "shown answers are not kept")
    }

    func testAOneTimeCodeIsNotKeptForAReconnect() {
        let answers = LoginAnswers()
        let code = SSHAuthPrompt(text: "Verification code: ", echo: false)
        answers.keep("123456", for: code)
        XCTAssertNil(answers.answer(for: code), "a one-time code is spent; replaying it wastes a try")
        let passphrase = SSHAuthPrompt(text: "Enter PASSPHRASE for key: ", echo: false)
        answers.keep("long words", for: passphrase)
        XCTAssertEqual(answers.answer(for: passphrase), "long words")
    }

    func testWipeZeroesTheKeptBytes() throws {
        let answers = LoginAnswers()
        answers.keep("hunter2", for: password)
        let secret = try XCTUnwrap(answers.secret(for: password))
        XCTAssertEqual(secret.bytes, Array("hunter2".utf8))
        answers.wipe()
        XCTAssertEqual(secret.bytes, [UInt8](repeating: 0, count: 7))
        XCTAssertNil(answers.answer(for: password))
    }

    func testAJumpHostsAnswerIsKeptApartFromTheTargetsForTheSameQuestion() {
        let answers = LoginAnswers()
        let hop = SSHAuthPrompt(text: "Password: ", echo: false).asked(byJumpHost: "bastion")
        let target = SSHAuthPrompt(text: "Password: ", echo: false)
        answers.keep("hop secret", for: hop)
        XCTAssertNil(answers.answer(for: target), "the hop's password is never offered to the target")
        answers.keep("target secret", for: target)
        XCTAssertEqual(answers.answer(for: hop), "hop secret")
        XCTAssertEqual(answers.answer(for: target), "target secret")
        answers.forget(target)
        XCTAssertEqual(answers.answer(for: hop), "hop secret", "forgetting the target's answer keeps the hop's")
    }

    func testForgettingARefusedAnswerZeroesIt() throws {
        let answers = LoginAnswers()
        answers.keep("old", for: password)
        let secret = try XCTUnwrap(answers.secret(for: password))
        answers.forget(password)
        XCTAssertEqual(secret.bytes, [0, 0, 0])
        XCTAssertNil(answers.answer(for: password))
    }
}
