import Foundation
import VT

/// Emulator throughput for `drover replay --bench`: the stream fed in 64 KiB chunks (as a
/// relay reading a socket would), best of several passes, each on a fresh terminal.
enum ReplayBenchmark {
    static let chunkSize = 64 * 1024

    static func mebibytesPerSecond(_ bytes: [UInt8], columns: Int, rows: Int, passes: Int = 5) -> Double {
        guard !bytes.isEmpty else { return 0 }
        var best = Double.infinity
        for _ in 0..<passes {
            let terminal = Terminal(columns: columns, rows: rows, scrollbackLimit: 1000)
            let start = DispatchTime.now().uptimeNanoseconds
            bytes.withUnsafeBytes { all in
                var offset = 0
                while offset < all.count {
                    let end = min(offset + chunkSize, all.count)
                    terminal.feed(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
                    _ = terminal.takeReplies()
                    offset = end
                }
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            best = min(best, seconds)
        }
        return Double(bytes.count) / (1024 * 1024) / max(best, 1e-9)
    }
}
