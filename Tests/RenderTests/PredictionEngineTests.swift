import XCTest
import VT
@testable import Render

/// The prediction engine on its own: which keys it guesses, when guesses are drawn, and how
/// the host's frames confirm or withdraw them.
final class PredictionEngineTests: XCTestCase {
    func testFirstKeyOfAnEpochIsNotDrawnButLaterOnesAreOnceConfirmed() {
        var rig = PredictionRig()
        rig.type("l", at: 0)
        XCTAssertEqual(rig.engine.guesses.count, 1, "the first key is guessed, tentatively")
        XCTAssertEqual(rig.line(), "$", "the first key after a prompt waits for the host")
        rig.type("s", at: 10)
        XCTAssertEqual(rig.line(), "$", "so does every key of its epoch")
        XCTAssertEqual(rig.host("l", at: 40), .confirmed)
        XCTAssertEqual(rig.line(), "$ ls", "a key of a confirmed epoch is drawn at once")
        XCTAssertEqual(rig.screen.cursorColumn, 4)
        XCTAssertEqual(rig.host("s", at: 90), .confirmed)
        XCTAssertTrue(rig.engine.guesses.isEmpty)
        XCTAssertEqual(rig.screen, rig.remote.frame(), "a confirmed guess leaves only the host's cells")
        XCTAssertEqual(rig.engine.confirmedCount, 2)
    }

    func testGuessesAreUnderlinedUntilConfirmed() {
        var rig = PredictionRig()
        rig.type("ec", at: 0)
        rig.host("e", at: 10)
        XCTAssertEqual(rig.screen[0, 3].content, UInt32(("c" as Unicode.Scalar).value))
        XCTAssertEqual(rig.screen[0, 3].attributes.underline, .single, "a guess never looks like the host's answer")
        rig.host("c", at: 60)
        XCTAssertEqual(rig.screen[0, 3].attributes.underline, .none)
    }

    func testHostDrawingSomethingElseWithdrawsEveryGuessOfTheEpoch() {
        var rig = PredictionRig()
        rig.type("ech", at: 0)
        rig.host("e", at: 10)
        XCTAssertEqual(rig.line(), "$ ech")
        XCTAssertEqual(rig.host("X", at: 60), .withdrawn)
        XCTAssertTrue(rig.engine.guesses.isEmpty)
        XCTAssertEqual(rig.screen, rig.remote.frame(), "the screen is the host's truth again")
        XCTAssertEqual(rig.engine.withdrawnCount, 2)
    }

    func testNoEchoWithinOneAndAHalfRoundTripsWithdraws() {
        var rig = PredictionRig()
        rig.type("ab", at: 1000)
        rig.host("a", at: 1010)
        rig.engine.policy = PredictionPolicy(mode: .always)
        rig.engine.policy.record(roundTrip: .milliseconds(100))
        XCTAssertEqual(rig.line(), "$ ab")
        XCTAssertEqual(rig.engine.deadline, rig.at(1150))
        XCTAssertFalse(rig.expire(at: 1149))
        XCTAssertEqual(rig.line(), "$ ab")
        XCTAssertTrue(rig.expire(at: 1150))
        XCTAssertEqual(rig.line(), "$ a")
        XCTAssertEqual(rig.screen, rig.remote.frame())
    }

    func testPasswordPromptNeverShowsTypedKeys() {
        // The person typed a command that was echoed (the epoch is confirmed), pressed Enter,
        // and the host asks for a password without echo.
        var rig = PredictionRig(prompt: "$ ")
        rig.settle("sudo -v", at: 0)
        rig.type(.key(.enter, []), at: 100)
        rig.host("\r\n[sudo] password: ", at: 150)
        var seen: [String] = []
        for (index, scalar) in "hunter2".unicodeScalars.enumerated() {
            rig.type(.text(String(scalar)), at: 200 + index * 30)
            seen.append(rig.line(1))
            rig.host("", at: 210 + index * 30)  // the host draws nothing: no echo
            seen.append(rig.line(1))
            if index == 2 {
                XCTAssertFalse(rig.expire(at: 2000), "a guess not drawn waits at least five seconds")
                XCTAssertTrue(rig.expire(at: 6000))
            }
        }
        XCTAssertEqual(rig.engine.silentAt, GridPoint(row: 1, column: 17), "the cursor that stayed put marks the prompt")
        XCTAssertTrue(rig.engine.guesses.isEmpty, "no guess at all while the cursor stays on a silent prompt")
        for line in seen { XCTAssertEqual(line, "[sudo] password:") }
    }

    /// Issue 30's contrived login: the program reads a user name, then turns echo off without
    /// a new line or any text. The person types the password once the name is echoed, so no
    /// key is in flight: the first password key is a new epoch, and nothing of it is drawn.
    func testAKeyTypedOnceEveryKeyIsEchoedWaitsForTheHost() {
        var rig = PredictionRig(prompt: "login: ")
        rig.type("user", at: 0)
        rig.host("u", at: 200)
        XCTAssertEqual(rig.line(), "login: user", "keys in flight behind an echoed one are drawn")
        rig.host("ser", at: 210)
        XCTAssertTrue(rig.engine.guesses.isEmpty)
        var seen: [String] = []
        for (index, scalar) in "SECRET".unicodeScalars.enumerated() {
            rig.type(.text(String(scalar)), at: 220 + index * 20)
            seen.append(rig.line())
            rig.host("", at: 230 + index * 20)  // echo is off now: the host draws nothing
            seen.append(rig.line())
        }
        XCTAssertFalse(rig.expire(at: 2000), "a guess not drawn waits at least five seconds")
        XCTAssertTrue(rig.expire(at: 6000))
        seen.append(rig.line())
        rig.type("!", at: 6010)
        seen.append(rig.line())
        for line in seen { XCTAssertEqual(line, "login: user", "no key of the password is ever drawn") }
        XCTAssertEqual(rig.engine.silentAt, GridPoint(row: 0, column: 11), "the silent cursor marks the prompt")
    }

    func testASpaceIsConfirmedOnlyOnceTheHostsCursorPassesIt() {
        var rig = PredictionRig()
        rig.type("echo h", at: 0)
        rig.host("ech", at: 100)
        XCTAssertEqual(rig.line(), "$ echo h")
        // The space's cell is blank already; with the host's cursor short of it, nothing is
        // confirmed (the 'o' before it has not been echoed).
        XCTAssertEqual(rig.host("", at: 120), .unchanged)
        XCTAssertEqual(rig.engine.guesses.count, 3)
        XCTAssertEqual(rig.host("o", at: 150), .confirmed)
        XCTAssertEqual(rig.engine.guesses.count, 2, "the 'o' is confirmed, the space still waits")
        XCTAssertEqual(rig.host(" ", at: 200), .confirmed)
        XCTAssertEqual(rig.line(), "$ echo h")
        rig.host("h", at: 210)
        XCTAssertTrue(rig.engine.guesses.isEmpty)
        XCTAssertEqual(rig.engine.withdrawnCount, 0)
    }

    func testBackOffAfterAWrongGuessUntilTheNextConfirmation() {
        var rig = PredictionRig()
        rig.settle("a", at: 0)
        rig.type("b", at: 20)
        rig.host("Z", at: 40)  // wrong
        rig.type("c", at: 50)
        XCTAssertEqual(rig.line(), "$ aZ", "after a wrong guess nothing is drawn")
        rig.type("d", at: 60)
        rig.host("c", at: 90)
        XCTAssertEqual(rig.line(), "$ aZcd", "a confirmed guess ends the back-off")
    }

    func testControlKeysAreNeverGuessedAndStartAnEpoch() {
        var rig = PredictionRig()
        rig.settle("a", at: 0)
        let epoch = rig.engine.epoch
        rig.type(.key(.character("c"), .control), at: 20)
        XCTAssertTrue(rig.engine.guesses.isEmpty)
        XCTAssertEqual(rig.engine.epoch, epoch + 1)
        rig.type("b", at: 30)
        XCTAssertEqual(rig.line(), "$ a", "the key after a control key waits for the host")
        let beforePaste = rig.engine.epoch
        rig.type(.paste("xyz"), at: 40)
        XCTAssertEqual(rig.engine.epoch, beforePaste + 1, "a paste is not guessed either")
    }

    func testBackspaceAndArrowsMoveTheCursorOverTypedTextOnly() {
        var rig = PredictionRig()
        rig.type("abc", at: 0)
        rig.host("a", at: 10)
        rig.type(.key(.backspace, []), at: 20)
        XCTAssertEqual(rig.line(), "$ ab")
        XCTAssertEqual(rig.screen.cursorColumn, 4)
        rig.type(.key(.left, []), at: 30)
        XCTAssertEqual(rig.screen.cursorColumn, 3)
        rig.host("bc\u{8} \u{8}", at: 60)
        XCTAssertEqual(rig.engine.guesses.count, 1, "the host's erase confirms it")
        rig.host("\u{8}", at: 110)
        XCTAssertTrue(rig.engine.guesses.isEmpty)
        rig.type(.key(.left, []), at: 115)  // to the start of the typed text
        let epoch = rig.engine.epoch
        rig.type(.key(.left, []), at: 120)
        XCTAssertEqual(rig.engine.guesses.count, 1, "never left over the prompt")
        XCTAssertEqual(rig.engine.epoch, epoch + 1)
    }

    func testEnterMovesTheCursorAndStartsAnEpoch() {
        var rig = PredictionRig()
        rig.type("ls", at: 0)
        rig.host("l", at: 10)
        rig.type(.key(.enter, []), at: 20)
        XCTAssertEqual(rig.screen.cursorRow, 1)
        XCTAssertEqual(rig.screen.cursorColumn, 0)
        rig.type("x", at: 30)
        XCTAssertEqual(rig.line(1), "", "the first key after Enter waits for the host")
        rig.host("s\r\n", at: 60)
        XCTAssertEqual(rig.engine.guesses.count, 1, "Enter confirmed, the key still waits")
    }

    func testTypingIntoTheMiddleOfALineIsNotGuessed() {
        var rig = PredictionRig(prompt: "$ ab\u{1B}[D")
        rig.type("x", at: 0)
        XCTAssertTrue(rig.engine.guesses.isEmpty, "an insert would shift the rest of the line")
    }

    func testAlternateScreenGuessesOnlyInARowTheProgramEchoesInto() {
        var rig = PredictionRig(prompt: "\u{1B}[?1049h\u{1B}[4;1H> ")
        rig.type("ab", at: 0)
        rig.host("a", at: 10)
        XCTAssertEqual(rig.engine.echoRows, [3])
        XCTAssertEqual(rig.line(3), "> ab")
        rig.host("b\u{1B}[?1049l", at: 60)
        XCTAssertTrue(rig.engine.echoRows.isEmpty, "leaving the alternate screen forgets its rows")
        rig.host("\u{1B}[?1049h\u{1B}[2;1H> ", at: 70)
        rig.type("c", at: 80)
        XCTAssertEqual(rig.line(1), ">", "a row nothing was echoed into gets no drawn guess")
    }

    func testTheRoundTripOfAConfirmedKeyFeedsThePolicy() {
        var rig = PredictionRig(mode: .auto)
        rig.type("a", at: 0)
        rig.type("b", at: 100)
        rig.host("a", at: 200)
        XCTAssertEqual(rig.engine.policy.smoothedRTT, .milliseconds(200))
        XCTAssertTrue(rig.engine.policy.isOn)
        XCTAssertEqual(rig.line(), "$ ab")
    }

    func testALinkSlowerThanASecondStillGetsItsFirstKeyMeasured() {
        var rig = PredictionRig(mode: .auto)
        rig.type("a", at: 0)
        XCTAssertFalse(rig.expire(at: 1500), "a guess not drawn is not withdrawn before a slow echo")
        XCTAssertEqual(rig.host("a", at: 1500), .confirmed)
        XCTAssertEqual(rig.engine.policy.smoothedRTT, .milliseconds(1500))
    }

    func testNeverModeDrawsNothingButStillMeasures() {
        var rig = PredictionRig(mode: .never)
        rig.type("a", at: 0)
        rig.host("a", at: 200)
        rig.type("b", at: 300)
        XCTAssertEqual(rig.line(), "$ a")
        XCTAssertEqual(rig.engine.policy.smoothedRTT, .milliseconds(200))
    }

    func testAutoModeHasHysteresisBetween20And30Milliseconds() {
        var policy = PredictionPolicy(mode: .auto)
        XCTAssertFalse(policy.isOn, "no guesses before the first sample")
        policy.record(roundTrip: .milliseconds(25))
        XCTAssertFalse(policy.isOn)
        XCTAssertTrue(policy.record(roundTrip: .milliseconds(200)), "smoothed above 30 ms turns it on")
        XCTAssertTrue(policy.isOn)
        while policy.smoothedRTT! > .milliseconds(21) { policy.record(roundTrip: .milliseconds(21)) }
        XCTAssertTrue(policy.isOn, "between 20 and 30 ms it stays on")
        while policy.smoothedRTT! >= .milliseconds(20) { policy.record(roundTrip: .milliseconds(5)) }
        XCTAssertFalse(policy.isOn, "below 20 ms it goes off")
        XCTAssertEqual(PredictionPolicy(mode: .always).isOn, true)
    }
}
