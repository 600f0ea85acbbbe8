import Foundation
import Identity
import XCTest
import SSH
import VT
@testable import Sessions

final class LinePromptTests: XCTestCase {
    private func feed(_ prompt: inout LinePrompt, _ events: [InputEvent]) {
        for event in events { prompt.handle(event) }
    }

    func testTypedAnswerIsSubmittedAndEnterAloneSubmitsEmptyText() {
        var p = LinePrompt(title: "t", lines: ["q"], echo: true)
        feed(&p, [.text("ye"), .key(.character("s"), []), .key(.enter, [])])
        XCTAssertEqual(p.submitted, "yes")

        var empty = LinePrompt(title: "t", lines: ["q"], echo: true)
        feed(&empty, [.key(.enter, [])])
        XCTAssertEqual(empty.submitted, "", "a login prompt takes an empty answer")
    }

    private func trustPrompt(fingerprint: String, pinned: [SSHPublicKey] = []) -> LinePrompt {
        let key = PresentedHostKey(host: "box", port: 22, peer: PeerAddress(address: "box", port: 22),
                                   keyType: "ssh-ed25519", blob: [1, 2], fingerprint: fingerprint)
        return .trust(UnknownHostKey(key: key, otherPins: pinned))
    }

    func testTrustQuestionAsksAgainOnEnterOrAnUnclearAnswerWithAHint() {
        var p = trustPrompt(fingerprint: "SHA256:abc")
        feed(&p, [.key(.enter, [])])
        XCTAssertFalse(p.isFinished, "Enter alone neither trusts nor stops")
        XCTAssertEqual(p.hint, TrustAnswer.hint)
        XCTAssertTrue(p.overlay.lines.contains(TrustAnswer.hint), "\(p.overlay.lines)")
        feed(&p, [.text("maybe\r")])
        XCTAssertFalse(p.isFinished)
        XCTAssertEqual(p.typed, "", "the field is cleared for the next answer")
        feed(&p, [.text("SHA256:abd"), .key(.enter, [])])
        XCTAssertEqual(p.hint, TrustAnswer.mismatchHint)
        XCTAssertFalse(p.isFinished)
        feed(&p, [.text("no"), .key(.enter, [])])
        XCTAssertEqual(p.submitted, "no")
    }

    func testTrustQuestionTakesTheFingerprintOrYes() {
        var typed = trustPrompt(fingerprint: "SHA256:abc")
        feed(&typed, [.paste("SHA256:abc"), .key(.enter, [])])
        XCTAssertEqual(typed.submitted, "SHA256:abc")
        XCTAssertEqual(TrustAnswer(judging: typed.submitted, fingerprint: "SHA256:abc"), .trust)
        var yes = trustPrompt(fingerprint: "SHA256:abc")
        feed(&yes, [.text("yes\r")])
        XCTAssertEqual(yes.submitted, "yes")
        XCTAssertNil(yes.hint)
    }

    func testTrustQuestionNamesPinsOfOtherTypes() throws {
        let pinned = SSHPublicKey(type: "ecdsa-sha2-nistp256", blob: Data([9, 9]))
        let p = trustPrompt(fingerprint: "SHA256:abc", pinned: [pinned])
        let text = p.overlay.lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("Pinned for it: ecdsa-sha2-nistp256 \(pinned.fingerprint)"), text)
        XCTAssertTrue(text.contains("has not seen this ssh-ed25519 key"), text)
        XCTAssertFalse(text.localizedCaseInsensitiveContains("changed"), text)
    }

    func testBackspaceEditsAndEscapeCancels() {
        var p = LinePrompt(title: "t", lines: ["q"], echo: true)
        feed(&p, [.text("yez"), .key(.backspace, []), .text("s"), .key(.escape, [])])
        XCTAssertTrue(p.cancelled)
        XCTAssertNil(p.submitted)
        p.handle(.key(.enter, []))
        XCTAssertNil(p.submitted, "nothing is taken after the prompt finished")
    }

    func testHiddenAnswerIsNeverDrawn() {
        var p = LinePrompt.authentication(SSHAuthPrompt(text: "Password: ", echo: false), host: "mac")
        feed(&p, [.text("s3cret")])
        XCTAssertFalse(p.overlay.lines.joined().contains("s3cret"))
        XCTAssertTrue(p.overlay.lines.contains("Password:"))
        feed(&p, [.text("\r")])
        XCTAssertEqual(p.submitted, "s3cret")
    }

    /// Drover's own passphrase question names the file, not a server, and hides the answer.
    func testKeyPassphraseQuestionNamesTheFileAndHidesTheAnswer() {
        var p = LinePrompt.authentication(SSHAuthPrompt(text: "Passphrase for ~/.ssh/id_ed25519: ", echo: false,
                                                        keyFile: "~/.ssh/id_ed25519"), host: "mac")
        XCTAssertEqual(p.title, "Key passphrase")
        XCTAssertTrue(p.overlay.lines.contains("mac: the identity file ~/.ssh/id_ed25519 is protected by a passphrase."))
        XCTAssertFalse(p.overlay.lines.joined().contains("asks for a login answer"))
        feed(&p, [.text("open sesame")])
        XCTAssertFalse(p.overlay.lines.joined().contains("open sesame"))
        feed(&p, [.text("\r")])
        XCTAssertEqual(p.submitted, "open sesame")
    }

    func testAJumpHostsQuestionNamesTheHopNotTheTarget() {
        let question = SSHAuthPrompt(text: "Password: ", echo: false).asked(byJumpHost: "bastion")
        let text = LinePrompt.authentication(question, host: "mac").overlay.lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("jump host bastion (on the way to mac) asks for a login answer"), text)
        XCTAssertFalse(text.contains("mac asks"), text)
        let direct = LinePrompt.authentication(SSHAuthPrompt(text: "Password: ", echo: false), host: "mac")
        XCTAssertTrue(direct.overlay.lines.joined().contains("mac asks for a login answer"))
        // Which keys were offered is not known here (there may have been no agent at all).
        XCTAssertFalse(direct.overlay.lines.joined().contains("agent"), direct.overlay.lines.joined())
    }

    func testPastedNewlineDoesNotSubmitAndLengthIsBounded() {
        var p = LinePrompt(title: "t", lines: [], echo: true)
        p.handle(.paste("ab\ncd"))
        XCTAssertNil(p.submitted)
        XCTAssertEqual(p.typed, "abcd")
        p.handle(.paste(String(repeating: "x", count: 5000)))
        XCTAssertEqual(p.typed.count, LinePrompt.maximumLength)
    }
}
