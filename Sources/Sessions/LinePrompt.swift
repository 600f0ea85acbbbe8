import Render
import SSH
import VT

/// A question in an overlay box with a one-line answer field, fed local input events: the
/// trust question (only the typed word `yes` trusts) and password or keyboard-interactive
/// prompts (typed text hidden when `echo` is false). Escape, ctrl+c and ctrl+d cancel.
struct LinePrompt {
    let title: String
    let lines: [String]
    let echo: Bool
    static let maximumLength = 1024
    private(set) var typed = ""
    /// The submitted text; nil while typing or when cancelled.
    private(set) var submitted: String?
    private(set) var cancelled = false

    var isFinished: Bool { submitted != nil || cancelled }

    /// The host-key question for `key`.
    static func trust(_ key: PresentedHostKey) -> LinePrompt {
        let lines = HostKeyTrust.question(for: key).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return LinePrompt(title: "New host key", lines: lines, echo: true)
    }

    /// A server's authentication question (password, one-time code).
    static func authentication(_ prompt: SSHAuthPrompt, host: String) -> LinePrompt {
        var lines = ["\(host) asks for a login answer (the device key and agent were not accepted)."]
        if !prompt.instruction.isEmpty { lines.append(prompt.instruction) }
        lines.append(prompt.text.trimmingCharacters(in: .whitespaces))
        return LinePrompt(title: "Login", lines: lines, echo: prompt.echo)
    }

    var overlay: Overlay {
        .box(title: title, lines: lines + ["> " + (echo ? typed : "")], showsCursor: true)
    }

    mutating func handle(_ event: InputEvent) {
        guard !isFinished else { return }
        switch event {
        case .text(let s), .paste(let s):
            for character in s {
                if character.isNewline {
                    if case .text = event { submitted = typed; return }
                } else {
                    append(character)
                }
            }
        case .key(.character(let c), []), .key(.character(let c), .shift):
            append(Character(c))
        case .key(.enter, _):
            submitted = typed
        case .key(.backspace, _):
            if !typed.isEmpty { typed.removeLast() }
        case .key(.escape, _), .key(.character("c"), .control), .key(.character("d"), .control):
            cancelled = true
        default:
            break
        }
    }

    private mutating func append(_ character: Character) {
        if typed.count < Self.maximumLength { typed.append(character) }
    }
}
