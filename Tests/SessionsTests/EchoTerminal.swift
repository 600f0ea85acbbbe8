import Foundation
import LibC
import TestSupport

/// The person's terminal for an echo measurement: `drover` on a pseudo-terminal this test owns,
/// whose output a thread reads and timestamps chunk by chunk, keeping the printable text
/// (escape sequences dropped), so that a key's echo is the first chunk showing it after the key
/// was written (`scripts/benchkit/link.py`'s `probe`, ported). The pty is not Drover's
/// controlling terminal: a resize is `resize`, which sets the size and sends SIGWINCH itself.
final class EchoTerminal: @unchecked Sendable {
    // @unchecked: `text` and `chunks` are written by the reader thread and read by the test,
    // both under `condition`.
    private let master: Int32
    private let child: ChildProcess
    private let condition = NSCondition()
    private var text: [UInt8] = []
    /// (offset in `text`, arrival) per chunk read.
    private var chunks: [(offset: Int, at: ContinuousClock.Instant)] = []
    private var stripState = 0

    /// 62 keys, more than the 60 typed before a carriage return: a row never already shows the
    /// key just typed, so its first appearance after the key is its echo.
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

    init(arguments: [String], home: String, columns: Int = 100, rows: Int = 30) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw TestSupportError("openpty failed") }
        defer { _ = LibC.close(slave) }
        var environment = ProcessInfo.processInfo.environment
        environment["DROVER_HOME"] = home
        environment["TERM"] = "xterm-256color"
        child = try ChildProcess(DroverBinary.path, arguments, environment: environment, stdin: slave, stdout: slave, stderr: slave)
        self.master = master
        Thread.detachNewThread { [self] in readUntilEnd() }
    }

    /// Kills Drover if it still runs and closes the pty.
    func close() {
        if child.isRunning { child.signal(SIGKILL) }
        child.wait()
        _ = LibC.close(master)
    }

    func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { LibC.write(master, $0.baseAddress!, $0.count) }
    }

    /// The local terminal changes size, as a window manager would change it.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        child.signal(SIGWINCH)
    }

    /// Where the text read so far ends.
    var position: Int { condition.withLock { text.count } }

    /// Waits until `needle` shows after `start`; returns where it ends.
    @discardableResult
    func waitFor(_ needle: String, after start: Int = 0, timeout: TimeInterval = 60) throws -> Int {
        let bytes = Array(needle.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let end = Self.find(bytes, in: text, from: start) { return end }
            if !condition.wait(until: deadline) {
                throw TestSupportError("'\(needle)' never showed; the terminal shows:\n"
                                       + String(decoding: text.suffix(600), as: UTF8.self))
            }
        }
    }

    /// Types `count` keys into a raw `cat` in front, one every `interval` whatever the echoes
    /// do (so a stalled loop delays every key typed meanwhile), then returns each key's echo
    /// latency, in the order typed.
    func probe(count: Int, interval: TimeInterval) throws -> [Duration] {
        let pos = position
        var sent: [(key: UInt8, at: ContinuousClock.Instant)] = []
        for k in 0..<count {
            if k > 0 && k % 60 == 0 { write([13]) }
            Thread.sleep(forTimeInterval: interval)
            let key = Self.alphabet[k % Self.alphabet.count]
            sent.append((key, .now))
            write([key])
        }
        // Every key's echo: the first chunk after the key was written that shows it. Waits
        // until each key has one (the last key's letter may show earlier, before its echo).
        let start = pos
        let deadline = Date().addingTimeInterval(60)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let latencies = Self.match(sent, text: text, chunks: chunks, from: start)
            if latencies.count == sent.count || !condition.wait(until: deadline) { return latencies }
        }
    }

    private static func match(_ sent: [(key: UInt8, at: ContinuousClock.Instant)], text: [UInt8],
                              chunks: [(offset: Int, at: ContinuousClock.Instant)], from start: Int) -> [Duration] {
        var pos = start
        var latencies: [Duration] = []
        for (key, at) in sent {
            guard let first = chunks.firstIndex(where: { $0.at >= at }),
                  let found = text[max(pos, chunks[first].offset)...].firstIndex(of: key) else { break }
            let chunk = chunks.lastIndex { $0.offset <= found }!
            latencies.append(chunks[chunk].at - at)
            pos = found + 1
        }
        return latencies
    }

    private func readUntilEnd() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { LibC.read(master, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            let now = ContinuousClock.now
            condition.withLock {
                chunks.append((text.count, now))
                strip(buffer[0..<n])
                condition.broadcast()
            }
        }
        condition.withLock { condition.broadcast() }
    }

    /// Drops escape sequences (CSI; OSC, DCS, APC and PM strings; two-byte ESC) and controls.
    private func strip(_ bytes: ArraySlice<UInt8>) {
        for b in bytes {
            switch stripState {
            case 0:
                if b == 0x1B { stripState = 1 } else if b >= 0x20 && b != 0x7F { text.append(b) }
            case 1: stripState = b == 0x5B ? 2 : [0x5D, 0x50, 0x5F, 0x5E].contains(b) ? 3 : 0
            case 2: if (0x40...0x7E).contains(b) { stripState = 0 }
            case 3: if b == 0x07 { stripState = 0 } else if b == 0x1B { stripState = 4 }
            default: stripState = b == 0x5C ? 0 : 3
            }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count - start >= needle.count else { return nil }
        var i = max(0, start)
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i + needle.count }
            i += 1
        }
        return nil
    }

    /// The `p`th percentile (0–100) of `values`, as the bench scripts compute it.
    static func percentile(_ values: [Duration], _ p: Double) -> Duration {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .zero }
        return sorted[min(sorted.count - 1, Int((p / 100 * Double(sorted.count - 1)).rounded()))]
    }
}
