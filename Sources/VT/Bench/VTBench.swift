/// Emulator throughput measurement shared by `drover replay --bench` and `scripts/bench`:
/// feeds a buffer to a fresh Terminal in 64 KiB chunks (as a relay reading a socket would),
/// takes one frame at the end, and reports the best of `repeats` passes in MiB/s.
public enum VTBench {
    public static func throughput(of data: [UInt8], columns: Int = 120, rows: Int = 40,
                                  chunkSize: Int = 65_536, repeats: Int = 3,
                                  scrollbackLimit: Int = 10_000) -> Double {
        guard !data.isEmpty else { return 0 }
        var best = Double.infinity
        let clock = ContinuousClock()
        for _ in 0..<max(1, repeats) {
            let terminal = Terminal(columns: columns, rows: rows, scrollbackLimit: scrollbackLimit)
            let elapsed = clock.measure {
                data.withUnsafeBytes { all in
                    var offset = 0
                    while offset < all.count {
                        let end = min(offset + chunkSize, all.count)
                        terminal.feed(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
                        offset = end
                    }
                }
                _ = terminal.frame()
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            best = min(best, seconds)
        }
        return Double(data.count) / (1024 * 1024) / best
    }
}
