import CLibSSH2

/// Several channel requests in flight at once, with each answer given to the request it
/// belongs to.
///
/// libssh2 1.10 does not know which answer is whose: a request call sends, then takes the
/// first SUCCESS or FAILURE queued for its channel. When an earlier request's answer has
/// already arrived by the time a later request is sent (a busy machine, a quick server), the
/// later call takes it: a refused `env` then reads as a refused PTY, and the PTY's own answer
/// goes to the `env` call. The server answers a channel's requests in the order they came
/// (RFC 4254 section 5.4), so the answers are matched here by arrival order, whichever call
/// happened to take them. Pure apart from the closures, so the matching is tested without a
/// server.
struct RequestPipeline {
    /// How many requests were sent, and the answers taken so far in arrival order.
    private var sent = 0
    private var answers: [Int32] = []
    /// A code that ended the pipeline early (not an answer): it stands for every request
    /// that got no answer.
    private var stopped: Int32?

    /// libssh2's "not yet" and its reading of a FAILURE answer.
    static let wouldBlock = LIBSSH2_ERROR_EAGAIN
    static let refused = LIBSSH2_ERROR_CHANNEL_REQUEST_DENIED

    /// A return code that is the server's answer to some request (libssh2 reads a FAILURE
    /// as "request denied").
    static func isAnswer(_ code: Int32) -> Bool {
        code == 0 || code == refused
    }

    /// Runs `requests`: each body is a libssh2 request call with its own state in the channel,
    /// returning EAGAIN until its call has taken an answer. `sendBlocked` says whether libssh2
    /// still holds unsent bytes (it refuses a new packet then), `waitToSend` waits for the
    /// socket to take them, and `collect` repeats a body until it returns something other
    /// than EAGAIN. Returns each request's answer in request order; requests that got none
    /// (a failure to send, a lost connection) report the failure's code.
    static func run(_ requests: [() -> Int32], sendBlocked: () -> Bool, waitToSend: (Int) throws -> Void,
                    collect: (Int) throws -> Int32) throws -> [Int32] {
        var pipeline = RequestPipeline()
        var waiting: [Int] = []
        for (index, body) in requests.enumerated() {
            var code = body()
            while code == wouldBlock, sendBlocked() {
                try waitToSend(index)
                code = body()
            }
            if code == wouldBlock {
                pipeline.sent += 1
                waiting.append(index)
            } else if isAnswer(code) {
                pipeline.sent += 1
                pipeline.answers.append(code)
            } else {
                pipeline.stopped = code
                break
            }
        }
        // Requests sent before a failure to send still get their answers.
        for index in waiting {
            let code = try collect(index)
            guard isAnswer(code) else {
                pipeline.stopped = code
                break
            }
            pipeline.answers.append(code)
        }
        return pipeline.codes(count: requests.count)
    }

    /// The i-th answer is the i-th request's; the rest report why they got none.
    private func codes(count: Int) -> [Int32] {
        (0..<count).map { index in
            index < answers.count ? answers[index] : (stopped ?? Self.refused)
        }
    }
}
