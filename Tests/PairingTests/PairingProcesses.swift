import Foundation
import TestSupport
import LibC

/// Collects everything a child writes to a pipe, and lets a test wait for a piece of text
/// (an event: the condition is signalled on every read). Bytes are kept as read and decoded
/// whole, so a character split across two reads (a QR code's half blocks) stays intact.
final class OutputWatcher: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes: [UInt8] = []
    private var buffer: String { String(decoding: bytes, as: UTF8.self) }
    private var ended = false

    /// Starts draining `fd` (closed when the writer side is gone).
    init(fd: Int32) {
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                condition.lock()
                if n > 0 { bytes += chunk[0..<n] } else { ended = true }
                condition.broadcast()
                condition.unlock()
                if n <= 0 { break }
            }
            close(fd)
        }
    }

    var text: String { condition.withLock { buffer } }

    /// Waits until the output contains `needle`; returns the output so far, or nil on timeout/end.
    func wait(for needle: String, timeout: TimeInterval = 30) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !buffer.contains(needle) {
            if ended || !condition.wait(until: deadline) { return buffer.contains(needle) ? buffer : nil }
        }
        return buffer
    }

    /// Waits for the writer to close (the child exited).
    func waitForEnd(timeout: TimeInterval = 60) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !ended && condition.wait(until: deadline) {}
        return buffer
    }
}

/// A running child (normally `drover`) with its stdin writable and stdout+stderr watched.
final class DroverChild {
    let process: ChildProcess
    let output: OutputWatcher
    private var input: Int32

    /// The built `drover` with `arguments`, the test's environment plus `environment`.
    convenience init(_ arguments: [String], environment: [String: String]) throws {
        try self.init(executable: DroverBinary.path, arguments,
                      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    /// Any program (e.g. `runuser` starting `drover` as another account) with exactly `environment`.
    init(executable: String, _ arguments: [String], environment: [String: String]) throws {
        let stdin = try PipePair()
        let stdout = try PipePair()
        process = try ChildProcess(executable, arguments, environment: environment,
                                   stdin: stdin.read, stdout: stdout.write, stderr: stdout.write)
        close(stdin.read)
        close(stdout.write)
        input = stdin.write
        output = OutputWatcher(fd: stdout.read)
    }

    deinit {
        closeInput()
        process.terminate()
    }

    func send(_ text: String) {
        guard input >= 0 else { return }
        _ = text.withCString { write(input, $0, strlen($0)) }
    }

    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Waits for exit; returns the status and everything printed.
    @discardableResult
    func finish() -> (status: Int32, output: String) {
        let status = process.wait()
        return (status, output.waitForEnd())
    }
}
