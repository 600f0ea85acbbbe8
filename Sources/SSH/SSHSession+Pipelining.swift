import CLibSSH2

extension SSHSession {
    /// Sends several channel requests before reading any answer, then collects the answers in
    /// the order the requests went out; returns each request's return code. Each body must be
    /// a libssh2 call with its own state in the channel (setenv, pty-req, exec/shell), since
    /// libssh2 1.10 keeps one request of each kind in flight per channel.
    ///
    /// Sending: a call that returns EAGAIN while libssh2 still has bytes to write is repeated
    /// (after waiting for the socket to take them) until the request is on the wire, because
    /// libssh2 refuses a new packet while an older one is half sent. Collecting: answers come
    /// back in order and each waiting call takes the first one for its channel, so they are
    /// finished in sending order. A request that failed outright (not EAGAIN) stops the
    /// sending; the ones after it are not sent and report that failure's code.
    func pipelined(_ requests: [(operation: String, body: () -> Int32)], timeout: Double?) throws -> [Int32] {
        var codes: [Int32] = []
        for request in requests {
            var rc = request.body()
            while rc == LIBSSH2_ERROR_EAGAIN,
                  SSHBlockDirections(rawValue: libssh2_session_block_directions(raw)).contains(.outbound) {
                try waitForSocket(until: Self.deadline(in: timeout), timeout: timeout, operation: request.operation)
                rc = request.body()
            }
            codes.append(rc)
            if rc != 0 && rc != LIBSSH2_ERROR_EAGAIN { break }
        }
        for (index, code) in codes.enumerated() where code == LIBSSH2_ERROR_EAGAIN {
            codes[index] = try call(requests[index].operation, timeout: timeout, requests[index].body)
        }
        if let failed = codes.last, codes.count < requests.count {
            codes += Array(repeating: failed, count: requests.count - codes.count)
        }
        return codes
    }
}
