#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import LibC
import Loop

/// `--copy-command CMD`: the local clipboard through a program (`wl-copy`, `xclip -selection
/// clipboard`, `pbcopy`) instead of OSC 52, for a terminal that does not take OSC 52. The
/// command runs through `/bin/sh -c` with the text on its stdin and its output discarded (it
/// must not draw on the terminal Drover owns), off the loop (`CopyQueue` runs one at a time).
/// A command that neither reads nor exits is stopped after `timeout`, so a stuck one never
/// holds a thread and a process for good.
struct CopyCommand: Sendable {
    let command: String
    static let timeout = Duration.seconds(5)

    /// Runs `command` with `text` on stdin and waits for it, at most `timeout`; nil when it
    /// exited 0, else what went wrong with advice.
    static func runNow(_ command: String, _ text: [UInt8], timeout: Duration = timeout) -> String? {
        let child: ChildProcess
        do {
            child = try ChildProcess("/bin/sh", arguments: ["-c", command], environment: ProcessInfo.processInfo.environment,
                                     input: .pipe)
        } catch {
            return failure(command, "could not start: \(error)")
        }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        // A command that exits without reading makes this write fail (SIGPIPE is ignored);
        // its exit status then says what happened. One that neither reads nor exits makes it
        // stop at the deadline, and is killed there.
        if let writer = child.input { writeAll(text, to: writer, until: deadline) }
        child.closeInput()
        let left = max(ContinuousClock.now.duration(to: deadline), .zero)
        let watchdog = DispatchWorkItem { child.terminate(SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(left / .nanoseconds(1))), execute: watchdog)
        let end = child.wait()
        watchdog.cancel()
        if end == .signalled(SIGKILL), ContinuousClock.now >= deadline {
            return "copy command '\(command)' did not finish within \(timeout.spoken) and was stopped; nothing "
                + "was copied. Check that it exits once it has read its input, or leave out --copy-command to copy with OSC 52"
        }
        switch end {
        case .exited(0): return nil
        case let .exited(status): return failure(command, "exited \(status)")
        case let .signalled(signal): return failure(command, "was killed by signal \(signal)")
        }
    }

    /// Writes `bytes` to the non-blocking `fd` until done, an error, or `deadline`.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32, until deadline: ContinuousClock.Instant) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n > 0 { offset += n; continue }
            guard n < 0, errno == EAGAIN || errno == EINTR else { return }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return }
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, Int32(max(1, left / .milliseconds(1))))
        }
    }

    private static func failure(_ command: String, _ how: String) -> String {
        "copy command '\(command)' \(how); nothing was copied. Check that it runs in a shell here, "
            + "or leave out --copy-command to copy with OSC 52"
    }
}

extension Duration {
    /// "5 s" or "300 ms", for messages.
    var spoken: String {
        let parts = components
        return parts.attoseconds == 0 ? "\(parts.seconds) s" : "\(Int(self / .milliseconds(1))) ms"
    }
}
