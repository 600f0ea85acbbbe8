import XCTest
import SSH
@testable import Sessions

/// The pure parts of continuity: the keepalive watch and the kept login answers (the typed-key
/// queue and its bound: `HostOutboxTests`).
final class ContinuityStateTests: XCTestCase {
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
