import LibC

/// Input hygiene before a security question: whatever was typed before the prompt is thrown
/// away, so a stray `y` typed earlier cannot approve a device.
enum ConsoleInput {
    /// Flushes a terminal's unread input, or drains whatever a pipe already holds.
    static func discardPending(_ fd: Int32) {
        if isatty(fd) == 1 {
            tcflush(fd, TCIFLUSH)
            return
        }
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 512)
        while poll(&fds, 1, 0) > 0, fds[0].revents & Int16(POLLIN) != 0 {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }
        }
    }
}
