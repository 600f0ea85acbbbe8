import CLibSSH2

/// A short command run beside a live session's terminal, without a PTY, one non-blocking step
/// at a time: the loop thread that serves every host never waits for the server. Its channel
/// is opened, the command started, its standard output read up to `limit` bytes until the
/// command ends, then the channel closed. `LinkDriver` runs the sshd fence with it (ADR 0031).
/// Owned by the thread that owns its session.
public final class SSHCommandRun {
    private enum Phase { case opening, starting, reading, closing, done }

    public let session: SSHSession
    private let command: String
    private let limit: Int
    private var channel: OpaquePointer?
    private var phase = Phase.opening
    private var output: [UInt8] = []

    public init(session: SSHSession, command: String, limit: Int = 1024) {
        self.session = session
        self.command = command
        self.limit = limit
    }

    deinit {
        // Abandoned with its connection: one try, the rest is freed with the session.
        session.openingChannel(self, waits: false)
        if let channel { _ = libssh2_channel_free(channel) }
    }

    /// Goes as far as the server's answers allow now: nil while the command runs (call again
    /// when the socket has news), else its standard output (at most `limit` bytes). Throws
    /// `channelRefused` when the server will not run it, or the connection's failure.
    public func step() throws -> [UInt8]? {
        while true {
            switch phase {
            case .opening:
                guard let opened = try open() else { return nil }
                channel = opened
                phase = .starting
            case .starting:
                guard let channel else { return output }
                let rc = session.taking(SSHSender(self, .open), idle: LIBSSH2_ERROR_EAGAIN) {
                    libssh2_channel_process_startup(channel, "exec", 4, command, UInt32(command.utf8.count))
                }
                if rc == LIBSSH2_ERROR_EAGAIN { return nil }
                guard rc == 0 else { throw refusal("starting a command", code: rc) }
                phase = .reading
            case .reading:
                guard try readAll() else { return nil }
                phase = .closing
            case .closing:
                guard let channel else { return output }
                let sender = SSHSender(self, .close)
                guard session.mayCall(sender) else { return nil }
                let rc = libssh2_channel_free(channel)
                session.called(sender)
                if rc == LIBSSH2_ERROR_EAGAIN { return nil }
                self.channel = nil
                phase = .done
            case .done:
                return output
            }
        }
    }

    /// One step of the open: the channel, or nil while the server has not answered (or
    /// another caller's packet or open holds the session).
    private func open() throws -> OpaquePointer? {
        guard session.isAuthenticated else {
            throw SSHError.protocolFailure(operation: "opening a channel", detail: "not logged in")
        }
        try session.refuseWhileSessionChannelOpens("opening a channel")
        let sender = SSHSender(self, .open)
        guard session.mayCall(sender), session.mayOpenChannel(self) else { return nil }
        // A small window: the output is a line or two.
        let opened = libssh2_channel_open_ex(session.raw, "session", 7, 64 * 1024, 32 * 1024, nil, 0)
        session.called(sender)
        let code = opened == nil ? libssh2_session_last_errno(session.raw) : 0
        session.openingChannel(self, waits: code == LIBSSH2_ERROR_EAGAIN)
        if let opened { return opened }
        if code == LIBSSH2_ERROR_EAGAIN { return nil }
        throw refusal("opening a channel", code: code)
    }

    /// Reads standard output (and drops standard error) while there is some: true once the
    /// command's output ended.
    private func readAll() throws -> Bool {
        guard let channel else { return true }
        var buffer = [CChar](repeating: 0, count: 1024)
        for stream: Int32 in [1, 0] {
            while true {
                let n = buffer.withUnsafeMutableBufferPointer { pointer in
                    session.taking(SSHSender(self, .read), idle: Int(LIBSSH2_ERROR_EAGAIN)) {
                        libssh2_channel_read_ex(channel, stream, pointer.baseAddress, pointer.count)
                    }
                }
                if n > 0 {
                    if stream == 0 {
                        output += buffer.prefix(min(n, max(0, limit - output.count))).map { UInt8(bitPattern: $0) }
                    }
                    continue
                }
                if n == 0 || Int32(n) == LIBSSH2_ERROR_EAGAIN { break }
                if Int32(n) == LIBSSH2_ERROR_CHANNEL_CLOSED { return true }
                throw session.failure("reading a command's output", code: Int32(n))
            }
        }
        return libssh2_channel_eof(channel) == 1
    }

    /// The connection's loss as such; anything else the server refused.
    private func refusal(_ operation: String, code: Int32) -> SSHError {
        if LibSSH2.isConnectionLoss(code) { return session.failure(operation, code: code) }
        return .channelRefused(detail: "\(operation): \(LibSSH2.lastErrorMessage(session.raw))")
    }
}
