import LibC

/// Waiting on one socket descriptor with poll(2), with an optional deadline.
enum SocketWait {
    /// Waits until `events` are ready on `fd` (or an error/hang-up shows), or throws
    /// `timeoutError()` after `timeout` seconds. A nil timeout waits without limit.
    static func wait(fd: Int32, events: Int16, timeout: Double?, timeoutError: () -> SSHError) throws {
        let deadline = timeout.map { ContinuousClock.now + .milliseconds(Int64(($0 * 1000).rounded(.up))) }
        try wait(fd: fd, events: events, until: deadline, timeoutError: timeoutError)
    }

    /// As `wait(fd:events:timeout:)`, against an absolute deadline.
    static func wait(fd: Int32, events: Int16, until deadline: ContinuousClock.Instant?,
                     timeoutError: () -> SSHError) throws {
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                if left <= .zero { throw timeoutError() }
                let (seconds, attoseconds) = left.components
                milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            }
            var pfd = pollfd(fd: fd, events: events, revents: 0)
            let rc = poll(&pfd, 1, milliseconds)
            if rc > 0 { return }
            if rc < 0 && errno != EINTR {
                throw SSHError.connectionLost(detail: "poll failed: \(String(cString: strerror(errno)))")
            }
        }
    }
}
