import CLibSSH2
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a server said when it ended the connection during login (SSH_MSG_DISCONNECT), e.g.
/// sshd's "Too many authentication failures" once MaxAuthTries keys were refused. libssh2
/// reports such an end as an ordinary refusal of the key in flight, so without the server's
/// words Drover would go on offering keys to a closed connection and blame the wrong one.
/// The callback keeps the words in the session's `SessionHooks` (its abstract pointer), on the
/// thread that drives the login.
final class DisconnectWatch {
    private let raw: OpaquePointer
    private let hooks: SessionHooks
    private let previous: (@convention(c) () -> Void)?

    /// Starts recording `session`'s disconnect message; `end` stops.
    init(session: SSHSession) {
        raw = session.raw
        hooks = session.hooks
        let callback: @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, Int32,
                                      UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Void = { _, _, message, length, _, _, abstract in
            guard let message, length > 0, let hooks = SessionHooks.from(abstract) else { return }
            hooks.serverDisconnected(saying: String(decoding: UnsafeRawBufferPointer(start: message, count: Int(min(length, 512))),
                                                    as: UTF8.self))
        }
        previous = libssh2_session_callback_set2(raw, LIBSSH2_CALLBACK_DISCONNECT,
                                                 unsafeBitCast(callback, to: (@convention(c) () -> Void).self))
    }

    /// The server's words, if it ended the connection.
    var message: String? { hooks.disconnectMessage }

    /// True when the server ended the login because too many keys were refused (sshd's words).
    /// Lowercased by the standard library: a localized comparison would open ICU (ADR 0033).
    var tooManyFailures: Bool { message?.lowercased().contains("too many authentication failures") == true }

    func end() {
        _ = libssh2_session_callback_set2(raw, LIBSSH2_CALLBACK_DISCONNECT, previous)
        hooks.serverDisconnected(saying: nil)
    }
}
