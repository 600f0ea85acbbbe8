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
    /// `AcceptEnv`; refusals are ignored), asks for agent forwarding when `forwardAgent` (a
    /// refusal is the channel's `agentForwardingRefused`, not an error), requests `pty` if
    /// given, then starts `command` (nil: the login shell). Throws `channelRefused` when the
    /// server says no.
    public func exec(_ command: String?, pty: SSHPTYRequest? = nil, environment: [String: String] = [:],
                     forwardAgent: Bool = false) throws -> SSHChannel {
        guard state == .authenticated else {
            throw SSHError.protocolFailure(operation: "opening a channel", detail: "not logged in yet")
        }
        let timeout = options.operationTimeout
        // Finishes the open sent behind the login when there was one (ADR 0017).
        let opened = try openExecChannel()
        guard let pointer = opened else { throw channelFailure("opening a channel", code: libssh2_session_last_errno(raw)) }
        let channel = SSHChannel(session: self, raw: pointer)

        // Every request but the last variable waits for its answer (libssh2 1.11.1, as 1.10, keeps one
        // setenv in flight per channel); the last variable, the PTY and the command go out
        // together and their answers are read in order: one round trip instead of three
        // (ADR 0017). The server handles a channel's requests in the order they arrive.
        let variables = environment.sorted(by: { $0.key < $1.key })
        for (name, value) in variables.dropLast() {
            let rc = try call("setting \(name)", timeout: timeout) { Self.setenv(pointer, name, value) }
            if LibSSH2.isConnectionLoss(rc) { throw failure("setting \(name)", code: rc) }
        }
        // Answered before the pipeline: after a refusal libssh2 sends a second request
        // (`auth-agent-req`), whose answer the pipeline could not tell from the others'.
        if forwardAgent { channel.agentForwardingRefused = !(try requestAgentForwarding(on: pointer)) }
        let start: () -> Int32 = {
            if let command {
                return libssh2_channel_process_startup(pointer, "exec", 4, command, UInt32(command.utf8.count))
            }
            return libssh2_channel_process_startup(pointer, "shell", 5, nil, 0)
        }
        let startName = command == nil ? "starting the shell" : "starting the command"
        var pipeline: [(operation: String, body: () -> Int32)] = []
        if let last = variables.last {
            pipeline.append(("setting \(last.key)", { Self.setenv(pointer, last.key, last.value) }))
        }
        if let pty {
            pipeline.append(("requesting a terminal", {
                libssh2_channel_request_pty_ex(pointer, pty.term, UInt32(pty.term.utf8.count), nil, 0,
                                               Int32(pty.columns), Int32(pty.rows), 0, 0)
            }))
        }
        pipeline.append((startName, start))
        let codes = try pipelined(pipeline, timeout: timeout)
        for (index, rc) in codes.enumerated() {
            let operation = pipeline[index].operation
            if operation.hasPrefix("setting ") {
                if LibSSH2.isConnectionLoss(rc) { throw failure(operation, code: rc) }
            } else if rc != 0 {
                throw requestFailure(operation, code: rc)
            }
        }
        return channel
    }

    /// Runs `command` without a PTY, feeding `input` to its stdin, and waits for it to end.
    public func run(command: String, input: [UInt8] = [], environment: [String: String] = [:])
        throws -> (stdout: [UInt8], stderr: [UInt8], exit: SSHExit) {
        let channel = try exec(command, environment: environment)
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        // Output is read while input is written: a command that answers as it reads (cat) stops
        // reading once the window for its output is full, and then neither side would move
        // (through jump hosts the hops' buffers fill first, so it showed as a rare hang).
        var offset = 0
        while offset < input.count {
            let n = try channel.write(input[offset...])
            offset += n
            guard n == 0 else { continue }
            let output = try channel.readAvailable()
            stdout += output.stdout
            stderr += output.stderr
            if output.isEmpty && !output.hasMore {
                try waitForSocket(until: nil, timeout: nil, operation: "writing")
            }
        }
        try channel.sendEOF()
        let exit = try channel.readToEnd { output in
            stdout += output.stdout
            stderr += output.stderr
        }
        return (stdout, stderr, exit)
    }

    private static func setenv(_ channel: OpaquePointer, _ name: String, _ value: String) -> Int32 {
        libssh2_channel_setenv_ex(channel, name, UInt32(name.utf8.count), value, UInt32(value.utf8.count))
    }

    private func channelFailure(_ operation: String, code: Int32) -> SSHError {
        if LibSSH2.isConnectionLoss(code) { return failure(operation, code: code) }
        return .channelRefused(detail: "\(operation): \(LibSSH2.lastErrorMessage(raw))")
    }

    /// Only a FAILURE answer is a refusal; any other code is trouble on the connection, not
    /// the account. libssh2's own words are left out of a refusal: they name the call that
    /// took the answer, which in a pipeline may be another request's (`RequestPipeline`).
    private func requestFailure(_ operation: String, code: Int32) -> SSHError {
        guard code == LIBSSH2_ERROR_CHANNEL_REQUEST_DENIED else { return failure(operation, code: code) }
        return .channelRefused(detail: operation)
    }
}
