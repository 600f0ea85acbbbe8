import Render
import SSH
import VT

/// The trust question as an overlay with a text field: only the typed word `yes` trusts;
/// Enter alone, Escape, or any other word refuses.
struct TrustPrompt {
    let key: PresentedHostKey
    private(set) var typed = ""
    /// nil while the person is still typing.
    private(set) var answer: Bool?

    init(key: PresentedHostKey) {
        self.key = key
    }

    var overlay: Overlay {
        var lines = HostKeyTrust.question(for: key).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let last = lines.popLast() {
            lines.append(last.trimmingCharacters(in: .whitespaces))
        }
        lines.append("> " + typed)
        return .box(title: "New host key", lines: lines, showsCursor: true)
    }

    /// Takes one local input event; returns true when it was consumed (always, while asking).
    mutating func handle(_ event: InputEvent) {
        guard answer == nil else { return }
        switch event {
        case .text(let s):
            typed += s.filter { !$0.isNewline }
            if typed.count > 32 { typed = String(typed.prefix(32)) }
            if s.contains(where: \.isNewline) { answer = HostKeyTrust.isYes(typed) }
        case .key(.character(let c), []):
            typed.unicodeScalars.append(c)
        case .key(.character(let c), .shift):
            typed.unicodeScalars.append(c)
        case .key(.enter, _):
            answer = HostKeyTrust.isYes(typed)
        case .key(.backspace, _):
            if !typed.isEmpty { typed.removeLast() }
        case .key(.escape, _), .key(.character("c"), .control), .key(.character("d"), .control):
            answer = false
        case .paste(let s):
            typed += s.filter { !$0.isNewline }
        default:
            break
        }
    }
}
