import TextSafety
import Render
import SSH
import VT

/// A question in an overlay box with a one-line answer field, fed local input events: the
/// trust question (only `yes` or the key's fingerprint trusts; see `TrustAnswer`) and password
/// or keyboard-interactive prompts (typed text hidden when `echo` is false). Escape, ctrl+c
/// and ctrl+d cancel.
struct LinePrompt {
    let title: String
    let lines: [String]
    let echo: Bool
    /// Set for the trust question: an answer that is neither yes, no nor this fingerprint is
    /// not submitted; the field is cleared and a hint shown, so Enter alone stops nothing.
    var trustFingerprint: String? = nil
    static let maximumLength = 1024
    private(set) var typed = ""
    /// Why the last answer was not taken (trust question only).
    private(set) var hint: String?
    /// The submitted text; nil while typing or when cancelled.
    private(set) var submitted: String?
    private(set) var cancelled = false

    var isFinished: Bool { submitted != nil || cancelled }

    /// The host-key question for `unknown`.
    static func trust(_ unknown: UnknownHostKey) -> LinePrompt {
        let lines = unknown.question.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces() }
        return LinePrompt(title: "New host key", lines: lines, echo: true, trustFingerprint: unknown.key.fingerprint)
    }

    /// A server's authentication question (password, one-time code).
    static func authentication(_ prompt: SSHAuthPrompt, host target: String) -> LinePrompt {
        // A jump host's question names that hop: its answer goes to it, not to the target.
        let host = prompt.jumpHost.map { "jump host \($0) (on the way to \(target))" } ?? target
        if let file = prompt.keyFile {
            var lines = ["\(host): the identity file \(file) is protected by a passphrase.",
                         "Type it to log in with that key (kept in memory for this run only; Escape skips the key)."]
            if !prompt.instruction.isEmpty { lines.append(prompt.instruction) }
            return LinePrompt(title: "Key passphrase", lines: lines + [prompt.text.trimmingSpaces()],
                              echo: false)
        }
        // The keys that were offered (if any) are in the error should this fail too: not guessed here.
        var lines = ["\(host) asks for a login answer: no key Drover could offer was accepted."]
        if !prompt.instruction.isEmpty { lines.append(prompt.instruction) }
        lines.append(prompt.text.trimmingSpaces())
        return LinePrompt(title: "Login", lines: lines, echo: prompt.echo)
    }

    var overlay: Overlay {
        .box(title: title, lines: lines + (hint.map { [$0] } ?? []) + ["> " + (echo ? typed : "")], showsCursor: true)
    }

    mutating func handle(_ event: InputEvent) {
        guard !isFinished else { return }
        switch event {
        case .text(let s), .paste(let s):
            for character in s {
                if character.isNewline {
                    if case .text = event { submit(); return }
                } else {
                    append(character)
                }
            }
        case .key(.character(let c), []), .key(.character(let c), .shift):
            append(Character(c))
        case .key(.enter, _):
            submit()
        case .key(.backspace, _):
            if !typed.isEmpty { typed.removeLast() }
        case .key(.escape, _), .key(.character("c"), .control), .key(.character("d"), .control):
            cancelled = true
        default:
            break
        }
    }

    private mutating func submit() {
        if let fingerprint = trustFingerprint,
           case .askAgain(let hint) = TrustAnswer(judging: typed, fingerprint: fingerprint) {
            self.hint = hint
            typed = ""
            return
        }
        submitted = typed
    }

    private mutating func append(_ character: Character) {
        if typed.count < Self.maximumLength { typed.append(character) }
    }
}
