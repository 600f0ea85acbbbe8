// The old side of `scripts/bench emulator --baseline REV`: built into a copy of REV's sources as
// one more executable, it measures REV's emulator exactly as `drover replay FILE --bench` does
// today (VTBench.throughput, 64 KiB chunks, best of REPEATS), without building REV's drover
// (whose libssh2 and system libraries the old tree may want differently).
// Usage: emulator-bench-base FILE COLUMNS ROWS REPEATS; prints "base FILE N.N MiB/s".
import Foundation
import VT

let args = CommandLine.arguments
guard args.count == 5, let columns = Int(args[2]), let rows = Int(args[3]), let repeats = Int(args[4]),
      let data = FileManager.default.contents(atPath: args[1]) else {
    FileHandle.standardError.write(Data("usage: emulator-bench-base FILE COLUMNS ROWS REPEATS (FILE readable)\n".utf8))
    exit(2)
}
let speed = VTBench.throughput(of: [UInt8](data), columns: columns, rows: rows, repeats: repeats)
print("base \(args[1]) \(String(format: "%.1f", speed)) MiB/s")
