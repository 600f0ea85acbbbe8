#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC
import Render
import VT

/// `drover replay FILE --bench-relay`: the CPU time the attach relay spends on a stream,
/// emulator and renderer together, as `scripts/bench relay` compares it with the code before
/// rendering from damage (scripts/relay-bench/before.swift drives the old path the same way).
///
/// The stream arrives as a 1 MiB/s link would deliver it to a relay drawing 60 frames/s: a
/// frame is due after every `frameBytes` (16 KiB) read, in reads of at most 64 KiB. While the
/// remote holds a synchronized update the relay waits, so the read then ends right after the
/// next `CSI ?2026l` and the frame is drawn there. Each read is copied into one reused buffer
/// (as `SSHChannel.readAvailable` does) and fed from it.
enum RelayBench {
    struct Result {
        var cpuSeconds: Double
        var frames: Int
        var written: Int
    }

    static let readSize = 65_536

    /// The pass with the least CPU time out of `passes`.
    static func run(_ data: [UInt8], columns: Int, rows: Int, frameBytes: Int, passes: Int) -> Result {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 16)
        defer { buffer.deallocate() }
        var best = Result(cpuSeconds: .infinity, frames: 0, written: 0)
        for _ in 0..<max(passes, 1) {
            let result = data.withUnsafeBytes { pass($0, buffer, columns, rows, frameBytes) }
            if result.cpuSeconds < best.cpuSeconds { best = result }
        }
        return best
    }

    private static func pass(_ data: UnsafeRawBufferPointer, _ buffer: UnsafeMutableRawBufferPointer,
                             _ columns: Int, _ rows: Int, _ frameBytes: Int) -> Result {
        let terminal = Terminal(columns: columns, rows: rows, scrollbackLimit: 10_000)
        var renderer = ScreenRenderer(capabilities: ConsoleCapabilities())
        var result = Result(cpuSeconds: 0, frames: 0, written: 0)
        func render() {
            result.written += renderer.render(terminal, overlay: nil).count
            result.frames += 1
        }
        let start = cpuSeconds()
        var offset = 0
        var untilFrame = frameBytes
        var pending = false
        while offset < data.count {
            let n = pending ? min(readSize, data.count - offset, synchronizedEnd(in: data, after: offset) ?? readSize)
                            : min(readSize, untilFrame, data.count - offset)
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: data[offset..<(offset + n)]))
            terminal.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            _ = terminal.takeReplies()
            offset += n
            untilFrame = max(untilFrame - n, 0)
            if untilFrame == 0 && !pending {
                pending = true
                untilFrame = frameBytes
            }
            if pending && terminal.isFrameComplete {
                render()
                pending = false
            }
        }
        render()
        result.cpuSeconds = cpuSeconds() - start
        return result
    }

    /// Bytes from `offset` to just after the next `CSI ?2026l`, nil when none follows.
    private static func synchronizedEnd(in data: UnsafeRawBufferPointer, after offset: Int) -> Int? {
        let marker: [UInt8] = [0x1B, 0x5B, 0x3F, 0x32, 0x30, 0x32, 0x36, 0x6C]
        var i = offset
        while i + marker.count <= data.count {
            if data[i] == 0x1B && data[i..<(i + marker.count)].elementsEqual(marker) { return i + marker.count - offset }
            i += 1
        }
        return nil
    }

    /// CPU time of this process (user and system), in seconds.
    private static func cpuSeconds() -> Double {
        Double(clock()) / Double(CLOCKS_PER_SEC)
    }
}
