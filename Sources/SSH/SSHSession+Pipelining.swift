import CLibSSH2

extension SSHSession {
    /// Sends several channel requests before reading any answer, then collects the answers;
    /// returns each request's return code, matched to it by the order the server answers in
    /// (`RequestPipeline`). Each body must be a libssh2 call with its own state in the channel
    /// (setenv, pty-req, exec/shell), since libssh2 (1.11.1, as 1.10) keeps one request of each kind in
    /// flight per channel. A call that returns EAGAIN while libssh2 still has bytes to write is
    /// repeated (after waiting for the socket to take them) until the request is on the wire,
    /// because libssh2 refuses a new packet while an older one is half sent. A request that
    /// fails outright (not EAGAIN, not an answer) stops the sending; the requests that got no
    /// answer report that failure's code.
    func pipelined(_ requests: [(operation: String, body: () -> Int32)], timeout: Double?) throws -> [Int32] {
        try RequestPipeline.run(
            requests.map(\.body),
            sendBlocked: { SSHBlockDirections(rawValue: libssh2_session_block_directions(raw)).contains(.outbound) },
            waitToSend: { index in
                try waitForSocket(until: Self.deadline(in: timeout), timeout: timeout, operation: requests[index].operation)
            },
            // A call may take another request's answer: a wait is named after the one awaited.
            collect: { index, awaited in try call(requests[awaited].operation, timeout: timeout, requests[index].body) })
    }
}
