import LibC
import SSH

/// Bytes of a secret that are zeroed when no longer needed, not left for the allocator.
final class SecretBytes {
    private(set) var bytes: [UInt8]

    init(_ text: String) { bytes = Array(text.utf8) }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    func wipe() {
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            // explicit_bzero: a plain loop before a free may be optimised away.
            explicit_bzero(base, buffer.count)
        }
    }

    deinit { wipe() }
}

/// The answers the person typed to one host's hidden login questions (its password, and its
/// jump hosts' each under the hop's name) in this
/// run, so a reconnect logs in again without asking, as a reattaching mosh does. Kept in
/// memory only and zeroed by `wipe()` (Drover's exit) or when the host refuses them.
///
/// A kept answer is offered once per login (the question's first try); when the host asks the
/// same question again it was refused, so it is forgotten and the person is asked.
final class LoginAnswers {
    private var kept: [Key: SecretBytes] = [:]

    /// Who asked (a jump host's name, or nil for the target) and what: a hop and the target may
    /// ask the same `Password:` and must never get each other's answer.
    private struct Key: Hashable {
        let jumpHost: String?
        let text: String
        init(_ question: SSHAuthPrompt) {
            jumpHost = question.jumpHost
            text = question.text
        }
    }

    /// The kept answer to `question`, for its first try only.
    func answer(for question: SSHAuthPrompt) -> String? {
        guard question.attempt == 1 else { return nil }
        return kept[Key(question)]?.text
    }

    /// Keeps what the person typed for a hidden question that asks for a password (answers
    /// that are shown on screen, like a user name, are asked again: they are cheap and may
    /// differ; a one-time code is used up by the login it answered, and replaying it would
    /// only waste one of the three tries).
    func keep(_ answer: String, for question: SSHAuthPrompt) {
        guard !question.echo, Self.asksForAPassword(question) else { return }
        forget(question)
        kept[Key(question)] = SecretBytes(answer)
    }

    /// `Password:`, `ann@mac's password: `, `Enter passphrase`: a reusable secret, by the
    /// server's own wording (keyboard-interactive has no other way to tell).
    static func asksForAPassword(_ question: SSHAuthPrompt) -> Bool {
        let text = question.text.lowercased()
        return text.contains("password") || text.contains("passphrase")
    }

    func forget(_ question: SSHAuthPrompt) {
        kept.removeValue(forKey: Key(question))?.wipe()
    }

    /// The storage of a kept answer (for tests that check the wipe).
    func secret(for question: SSHAuthPrompt) -> SecretBytes? { kept[Key(question)] }

    /// Zeroes and drops every kept answer.
    func wipe() {
        for secret in kept.values { secret.wipe() }
        kept.removeAll()
    }

    deinit { wipe() }
}
