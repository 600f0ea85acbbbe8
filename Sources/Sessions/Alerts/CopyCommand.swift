import Foundation
import LibC

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        do {
            try process.run()
        } catch {
            return failure(command, "could not start: \(error)")
        }
        // A command that exits without reading makes this write fail (SIGPIPE is ignored);
        // its exit status then says what happened. One that neither reads nor exits makes it
        // stop at the deadline.
        let writer = input.fileHandleForWriting.fileDescriptor
        writeAll(text, to: writer, until: deadline)
        try? input.fileHandleForWriting.close()
        let left = max(ContinuousClock.now.duration(to: deadline), .zero)
        if exited.wait(timeout: .now() + .nanoseconds(Int(left / .nanoseconds(1)))) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
            return "copy command '\(command)' did not finish within \(timeout.spoken) and was stopped; nothing "
                + "was copied. Check that it exits once it has read its input, or leave out --copy-command to copy with OSC 52"
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exited \(process.terminationStatus)"
                : "was killed by signal \(process.terminationStatus)"
            return failure(command, how)
        }
        return nil
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
