/// Reading a short command's whole answer on a thread that may block: for exchanges such as
/// pairing, where the caller has nothing else to wait on.
extension SSHChannel {
    /// Reads stdout and stderr until the remote sends EOF, waiting on the session's socket
    /// between reads. Keeps at most `limit` bytes of each stream (more is read and dropped, so
    /// a chatty peer cannot make this allocate without bound) and throws `SSHError.timedOut`
    /// once `deadline` passes without EOF. The channel stays open: `close()` it afterwards.
    public func readToEnd(deadline: ContinuousClock.Instant, limit: Int) throws -> SSHChannelOutput {
        let window = ContinuousClock.now.duration(to: deadline)
        let seconds = Double(window.components.seconds) + Double(window.components.attoseconds) / 1e18
        var kept = SSHChannelOutput()
        while true {
            let output = try readAvailable()
            kept.stdout += output.stdout.prefix(max(0, limit - kept.stdout.count))
            kept.stderr += output.stderr.prefix(max(0, limit - kept.stderr.count))
            if output.reachedEOF {
                kept.reachedEOF = true
                return kept
            }
            if output.hasMore || !output.isEmpty { continue }
            try session.waitForSocket(until: deadline, timeout: max(seconds, 0), operation: "reading command output")
        }
    }
}
