#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGINT, SIGTERM and SIGHUP into bytes on a pipe, so a poll(2) loop notices them and
/// can clean up before exiting. One watcher per process at a time.
public final class SignalWatcher {
    public static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The descriptor to poll for POLLIN; readable once a watched signal arrived.
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    public private(set) var caught: Int32?

    public init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw PairHostError.system("cannot create a pipe for signals") }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        signalPipeWriteEnd = writeDescriptor
        for sig in Self.watched {
            signal(sig) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
        }
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        for sig in Self.watched { signal(sig, SIG_DFL) }
        signalPipeWriteEnd = -1
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Reads any pending signal; returns the last one caught so far (nil if none).
    @discardableResult
    public func check() -> Int32? {
        var byte: UInt8 = 0
        while read(readDescriptor, &byte, 1) == 1 { caught = Int32(byte) }
        return caught
    }

    /// Waits up to `seconds` for a signal or for `descriptor` (if any) to become readable.
    /// Returns true when `descriptor` is readable.
    public func wait(seconds: Double, alsoReadable descriptor: Int32? = nil) -> Bool {
        var fds = [pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)]
        if let descriptor { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        let n = poll(&fds, nfds_t(fds.count), Int32(max(0, seconds * 1000)))
        check()
        return n > 0 && fds.count > 1 && fds[1].revents != 0
    }
}

/// Written only from the signal handler and the watcher's init/deinit.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
