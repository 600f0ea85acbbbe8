import CLibSSH2

/// Several channel requests in flight at once, with each answer given to the request it
/// belongs to.
///
/// libssh2 (1.10 and 1.11.1 alike) does not know which answer is whose: a request call sends, then reads packets
/// until one is a SUCCESS or FAILURE for its channel and takes it. When an earlier request's
/// answer has already arrived by the time a later request is sent (a busy machine, a quick
/// server), the later call takes it: a refused `env` then reads as a refused PTY, and the
/// PTY's own answer goes to the `env` call. The server answers a channel's requests in the
/// order they came (RFC 4254 section 5.4), and each call takes an answer as soon as it reads
/// one, so the answers are taken in arrival order and matched here by that order, whichever
/// call took them. (This rests on no answer waiting in libssh2's queue untaken: were two
/// queued, libssh2 would hand out a SUCCESS before an older FAILURE. Nothing that runs while
/// `exec` collects its answers reads packets without taking one.) Pure apart from the
/// closures, so the matching is tested without a server.
struct RequestPipeline {
    /// The answers taken so far, in arrival order: the n-th is the n-th request's.
    private var answers: [Int32] = []
    /// A code that ended the pipeline early (not an answer): it stands for every request
    /// that got no answer.
    private var stopped: Int32?

    /// libssh2's "not yet" and its reading of a FAILURE answer.
    static let wouldBlock = LIBSSH2_ERROR_EAGAIN
    static let refused = LIBSSH2_ERROR_CHANNEL_REQUEST_DENIED

    /// A return code that is the server's answer to some request.
    static func isAnswer(_ code: Int32) -> Bool {
        code == 0 || code == refused
    }

    /// Runs `requests`: each body is a libssh2 request call with its own state in the channel,
    /// returning EAGAIN until its call has taken an answer. `sendBlocked` says whether libssh2
    /// still holds unsent bytes (it refuses a new packet then), `waitToSend(i)` waits for the
    /// socket to take them while request i goes out, and `collect(call, awaited)` repeats body
    /// `call` until it returns something other than EAGAIN, while the answer awaited is request
    /// `awaited`'s (what a timeout should name). Returns each request's answer in request
    /// order; requests that got none (a failure to send, a lost connection) report the
    /// failure's code.
    static func run(_ requests: [() -> Int32], sendBlocked: () -> Bool, waitToSend: (Int) throws -> Void,
                    collect: (_ call: Int, _ awaited: Int) throws -> Int32) throws -> [Int32] {
        var pipeline = RequestPipeline()
        var waiting: [Int] = []
        for (index, body) in requests.enumerated() {
            var code = body()
            while code == wouldBlock, sendBlocked() {
                try waitToSend(index)
                code = body()
            }
            if code == wouldBlock {
                waiting.append(index)
            } else if isAnswer(code) {
                pipeline.answers.append(code)
            } else {
                pipeline.stopped = code
                break
            }
        }
        // Requests sent before a failure to send still get their answers.
        for call in waiting {
            let code = try collect(call, pipeline.answers.count)
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
        assert(answers.count == count || stopped != nil, "a request without an answer and without a failure")
        return (0..<count).map { index in
            index < answers.count ? answers[index] : (stopped ?? LIBSSH2_ERROR_PROTO)
        }
    }
}
