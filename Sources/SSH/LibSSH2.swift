import CLibSSH2

/// Process-wide libssh2 set-up and small helpers shared by the wrapper types.
enum LibSSH2 {
    /// `libssh2_init` runs once, before the first session (Swift initialises statics once).
    static let initialised: Bool = libssh2_init(0) == 0

    /// The session's last error message (for diagnostics only: decisions use return codes).
    static func lastErrorMessage(_ session: OpaquePointer) -> String {
        var message: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        _ = libssh2_session_last_error(session, &message, &length, 0)
        guard let message, length > 0 else { return "no detail from libssh2" }
        return String(decoding: UnsafeRawBufferPointer(start: message, count: Int(length)), as: UTF8.self)
    }

    /// True for return codes that mean the TCP connection is gone.
    static func isConnectionLoss(_ code: Int32) -> Bool {
        [LIBSSH2_ERROR_SOCKET_SEND, LIBSSH2_ERROR_SOCKET_RECV, LIBSSH2_ERROR_SOCKET_DISCONNECT,
         LIBSSH2_ERROR_SOCKET_TIMEOUT, LIBSSH2_ERROR_BAD_SOCKET, LIBSSH2_ERROR_SOCKET_NONE].contains(code)
    }
}
