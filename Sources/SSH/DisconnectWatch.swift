import CLibSSH2
import Foundation

/// What a server said when it ended the connection during login (SSH_MSG_DISCONNECT), e.g.
/// sshd's "Too many authentication failures" once MaxAuthTries keys were refused. libssh2
/// reports such an end as an ordinary refusal of the key in flight, so without the server's
/// words Drover would go on offering keys to a closed connection and blame the wrong one.
/// The callback finds its watch by session pointer: the session's `abstract` pointer belongs
/// to the jump-host tunnel and keyboard-interactive.
final class DisconnectWatch {
    /// The messages of every watched session, by session pointer (any thread may log in).
    private final class Messages: @unchecked Sendable {
        private let lock = NSLock()
        private var byRawSession: [UnsafeMutableRawPointer: String] = [:]
        subscript(raw: UnsafeMutableRawPointer) -> String? {
            get { lock.withLock { byRawSession[raw] } }
            set { lock.withLock { byRawSession[raw] = newValue } }
        }
    }
    private static let messages = Messages()

    private let raw: OpaquePointer
    private let previous: (@convention(c) () -> Void)?

    /// Starts recording `raw`'s disconnect message; `end` stops.
    init(session raw: OpaquePointer) {
        self.raw = raw
        let callback: @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, Int32,
                                      UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Void = { session, _, message, length, _, _, _ in
            guard let session, let message, length > 0 else { return }
            let text = String(decoding: UnsafeRawBufferPointer(start: message, count: Int(min(length, 512))), as: UTF8.self)
            DisconnectWatch.messages[UnsafeMutableRawPointer(session)] = text
        }
        previous = libssh2_session_callback_set2(raw, LIBSSH2_CALLBACK_DISCONNECT,
                                                 unsafeBitCast(callback, to: (@convention(c) () -> Void).self))
    }

    /// The server's words, if it ended the connection.
    var message: String? { Self.messages[UnsafeMutableRawPointer(raw)] }

    /// True when the server ended the login because too many keys were refused (sshd's words).
    var tooManyFailures: Bool { message?.localizedCaseInsensitiveContains("too many authentication failures") == true }

    func end() {
        _ = libssh2_session_callback_set2(raw, LIBSSH2_CALLBACK_DISCONNECT, previous)
        Self.messages[UnsafeMutableRawPointer(raw)] = nil
    }
}
