import LibC

/// Writes to the local terminal that wait for it: the enter sequence (before anything else
/// runs) and, bounded, what exit writes. Frames during a run go through `ConsoleWriter`.
public enum ConsoleOutput {
    /// Writes every byte, retrying on EINTR and waiting for POLLOUT on EAGAIN.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        if let code = bytes.withUnsafeBytes({ writeLoop(fd, $0, until: nil) }) {
            throw ConsoleError.system(call: "write", errno: code)
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
        writeLoop(fd, bytes, until: ContinuousClock.now.advanced(by: limit)) == nil
    }

    /// Writes all of `bytes`, retrying on EINTR and waiting for POLLOUT on EAGAIN until
    /// `deadline` (nil: for as long as it takes). nil when every byte went out; else the errno
    /// that stopped it (ETIMEDOUT once the deadline passed).
    private static func writeLoop(_ fd: Int32, _ bytes: UnsafeRawBufferPointer,
                                  until deadline: ContinuousClock.Instant?) -> Int32? {
        var written = 0
        while written < bytes.count {
            let result = write(fd, bytes.baseAddress! + written, bytes.count - written)
            if result > 0 {
                written += result
                continue
            }
            let code = errno
            if result < 0 && code == EINTR { continue }
            guard result < 0 && (code == EAGAIN || code == EWOULDBLOCK) else { return result < 0 ? code : EIO }
            var timeout: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return ETIMEDOUT }
                timeout = Int32(clamping: left.components.seconds * 1000
                                + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&descriptor, 1, timeout)
        }
        return nil
    }
}
