#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// What a typed answer to the trust question means. Only the word `yes` or the key's own
/// fingerprint (`SHA256:…`, for people who compare by typing it) ever trusts; `no`, Escape or
/// the end of input stops; anything else, Enter alone included, asks again, so a stray key
/// press neither pins a key nor throws away the connection.
public enum TrustAnswer: Equatable, Sendable {
    case trust
    case refuse
    /// Ask again, showing `hint` (one line).
    case askAgain(hint: String)

    /// The hint after an answer that is neither yes, no nor a fingerprint.
    public static let hint = "Type 'yes' to trust this key, 'no' to stop, or the fingerprint shown above:"
    /// The hint after a fingerprint that is not the presented key's.
    public static let mismatchHint =
        "That is not this key's fingerprint. Compare again; type 'no' to stop, 'yes' or the right fingerprint to trust:"

    private static let prefix = "sha256:"

    /// Judges `answer` (nil: cancelled or end of input) for a key whose fingerprint is
    /// `fingerprint`. Spaces around the answer are ignored, and the case of `yes` and `no`; a
    /// fingerprint must match exactly (base64 is case-sensitive).
    public init(judging answer: String?, fingerprint: String) {
        guard let answer else { self = .refuse; return }
        let text = answer.trimmingSpaces()
        switch text.lowercased() {
        case "yes": self = .trust
        case "no": self = .refuse
        default:
            if text.lowercased().hasPrefix(Self.prefix) {
                let matches = text == fingerprint && fingerprint.count > Self.prefix.count
                self = matches ? .trust : .askAgain(hint: Self.mismatchHint)
            } else {
                self = .askAgain(hint: Self.hint)
            }
        }
    }
}
