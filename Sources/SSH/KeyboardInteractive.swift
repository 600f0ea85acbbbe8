import CLibSSH2
import LibC

/// Keyboard-interactive login: libssh2 calls a C callback with the server's questions; the
/// callback reaches the Swift prompt through the session's `SessionHooks` (its abstract pointer).
enum KeyboardInteractive {
    fileprivate final class Context {
        let prompt: (SSHAuthPrompt) -> String?
        let attempt: Int
        var declined = false
        init(prompt: @escaping (SSHAuthPrompt) -> String?, attempt: Int) {
            self.prompt = prompt
            self.attempt = attempt
        }
    }

    /// How one round ended: logged in, refused (the caller may try again), or the person
    /// left a question unanswered.
    enum Result { case accepted, refused, declined }

    /// One keyboard-interactive round; `attempt` counts the rounds of this login (1-based).
    static func authenticate(session: SSHSession, prompt: @escaping (SSHAuthPrompt) -> String?,
                             attempt: Int = 1) throws -> Result {
        let context = Context(prompt: prompt, attempt: attempt)
        let user = session.endpoint.user
        let rc = try session.hooks.during(interactive: context) {
            try session.call("keyboard-interactive login", timeout: session.options.operationTimeout) {
                libssh2_userauth_keyboard_interactive_ex(session.raw, user, UInt32(user.utf8.count)) {
                    _, _, instruction, instructionLength, count, prompts, responses, abstract in
                    guard let context = SessionHooks.from(abstract)?.interactive as? Context, let prompts, let responses
                    else { return }
                    let instructionText = promptText(instruction, Int(instructionLength))
                    for index in 0..<Int(count) {
                        let question = SSHAuthPrompt(text: promptText(UnsafeRawPointer(prompts[index].text), Int(prompts[index].length)),
                                                     echo: prompts[index].echo != 0, instruction: instructionText,
                                                     attempt: context.attempt)
                        let answer = context.declined ? nil : context.prompt(question)
                        if answer == nil { context.declined = true }
                        // libssh2 frees each response with free().
                        let bytes = Array((answer ?? "").utf8)
                        let buffer = malloc(max(bytes.count, 1))!.assumingMemoryBound(to: CChar.self)
                        bytes.withUnsafeBytes { if let base = $0.baseAddress { memcpy(buffer, base, bytes.count) } }
                        responses[index].text = buffer
                        responses[index].length = UInt32(bytes.count)
                    }
                }
            }
        }
        if context.declined { return .declined }
        return try session.accepted(rc, operation: "keyboard-interactive login") ? .accepted : .refused
    }

}

/// A length-delimited C string from libssh2 as Swift text.
private func promptText(_ pointer: UnsafeRawPointer?, _ length: Int) -> String {
    guard let pointer, length > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
}
