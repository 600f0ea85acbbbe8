import CLibSSH2

/// A pseudo-terminal for a channel: terminal type and size in character cells.
public struct SSHPTYRequest: Sendable, Equatable {
    public var term: String
    public var columns: Int
    public var rows: Int

    public init(term: String = "xterm-256color", columns: Int = 80, rows: Int = 24) {
        self.term = term
        self.columns = columns
        self.rows = rows
    }
}

extension SSHSession {
    /// Opens a session channel, sends `environment` (the server may refuse names it does not
    /// `AcceptEnv`; refusals are ignored), requests `pty` if given, then starts `command`
    /// (nil: the login shell). Throws `channelRefused` when the server says no.
    public func exec(_ command: String?, pty: SSHPTYRequest? = nil, environment: [String: String] = [:]) throws -> SSHChannel {
        guard state == .authenticated else {
            throw SSHError.protocolFailure(operation: "opening a channel", detail: "not logged in yet")
        }
        let timeout = options.operationTimeout
        let opened = try callReturningPointer("opening a channel", timeout: timeout) {
            libssh2_channel_open_ex(raw, "session", 7, 2 * 1024 * 1024, 32768, nil, 0)
        }
        guard let pointer = opened else { throw channelFailure("opening a channel", code: libssh2_session_last_errno(raw)) }
        let channel = SSHChannel(session: self, raw: pointer)

        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            let rc = try call("setting \(name)", timeout: timeout) {
                libssh2_channel_setenv_ex(pointer, name, UInt32(name.utf8.count), value, UInt32(value.utf8.count))
            }
            if LibSSH2.isConnectionLoss(rc) { throw failure("setting \(name)", code: rc) }
        }
        if let pty {
            let rc = try call("requesting a terminal", timeout: timeout) {
                libssh2_channel_request_pty_ex(pointer, pty.term, UInt32(pty.term.utf8.count), nil, 0,
                                               Int32(pty.columns), Int32(pty.rows), 0, 0)
            }
            if rc != 0 { throw channelFailure("requesting a terminal", code: rc) }
        }
        let rc: Int32
        if let command {
            rc = try call("starting the command", timeout: timeout) {
                libssh2_channel_process_startup(pointer, "exec", 4, command, UInt32(command.utf8.count))
            }
        } else {
            rc = try call("starting the shell", timeout: timeout) {
                libssh2_channel_process_startup(pointer, "shell", 5, nil, 0)
            }
        }
        if rc != 0 { throw channelFailure(command == nil ? "starting the shell" : "starting the command", code: rc) }
        return channel
    }

    /// Runs `command` without a PTY, feeding `input` to its stdin, and waits for it to end.
    public func run(command: String, input: [UInt8] = [], environment: [String: String] = [:])
        throws -> (stdout: [UInt8], stderr: [UInt8], exit: SSHExit) {
        let channel = try exec(command, environment: environment)
        try channel.writeAll(input)
        try channel.sendEOF()
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        let exit = try channel.readToEnd { output in
            stdout += output.stdout
            stderr += output.stderr
        }
        return (stdout, stderr, exit)
    }

    private func channelFailure(_ operation: String, code: Int32) -> SSHError {
        if LibSSH2.isConnectionLoss(code) { return failure(operation, code: code) }
        return .channelRefused(detail: "\(operation): \(LibSSH2.lastErrorMessage(raw))")
    }
}
