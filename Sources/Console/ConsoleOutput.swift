import LibC

/// Writes to the local terminal that wait for it: the enter sequence (before anything else
/// runs) and, bounded, what exit writes. Frames during a run go through `ConsoleWriter`.
public enum ConsoleOutput {
    /// Writes every byte, retrying on EINTR and waiting for POLLOUT on EAGAIN.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = write(fd, buffer.baseAddress! + written, buffer.count - written)
                if result > 0 {
                    written += result
                    continue
                }
                let code = errno
                if result < 0 && code == EINTR { continue }
                if result < 0 && (code == EAGAIN || code == EWOULDBLOCK) {
                    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, -1)
                    continue
                }
                throw ConsoleError.system(call: "write", errno: code)
            }
        }
    }

    /// Writes `bytes`, waiting for the terminal at most `limit` in all; returns whether every
    /// byte was written. For a non-blocking descriptor (`ConsoleSession.frameOutput`): a
    /// blocking one would wait in write(2) itself.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8], within limit: Duration) -> Bool {
        bytes.withUnsafeBytes { writeAll(fd, $0, within: limit) }
    }

    /// As `writeAll(_:_:within:)` for bytes in place.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: limit)
        var written = 0
        while written < bytes.count {
            let result = write(fd, bytes.baseAddress! + written, bytes.count - written)
            if result > 0 {
                written += result
                continue
            }
            let code = errno
            if result < 0 && code == EINTR { continue }
            guard result < 0 && (code == EAGAIN || code == EWOULDBLOCK) else { return false }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            _ = poll(&descriptor, 1, Int32(clamping: milliseconds))
        }
        return true
    }
}
