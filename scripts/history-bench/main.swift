// The driver of scripts/bench-history: what history mode's snapshots cost beside the relay,
// and the memory of an hour of snapshots. Built by scripts/bench-history as one more
// executable of a copy of this tree; not part of the package.
//
//   history-bench FILE COLUMNS ROWS cost   -> "relay_cpu S snapshot_cpu S snapshots N ratio R"
//   history-bench FILE COLUMNS ROWS hour   -> "snapshots N kept K peak_bytes B budget B unique_rows U
//                                              full_snapshots F full_cpu S"
//   (full_cpu: the CPU of the F snapshots taken while the budget was full, each one evicting)
import Foundation
import History
import Render
import VT

let arguments = CommandLine.arguments
guard arguments.count == 5, let columns = Int(arguments[2]), let rows = Int(arguments[3]),
      let data = FileManager.default.contents(atPath: arguments[1]).map({ [UInt8]($0) }), !data.isEmpty else {
    FileHandle.standardError.write(Data("usage: history-bench FILE COLUMNS ROWS cost|hour\n".utf8))
    exit(2)
}

func cpuSeconds() -> Double { Double(clock()) / Double(CLOCKS_PER_SEC) }

/// The stream as a 1 MiB/s link brings it: a frame drawn after every 16 KiB (60 frames/s),
/// and, when `snapshots` is true, a snapshot after every 256 KiB (4 a second, the most
/// history mode takes). Returns the CPU of the whole pass and of the snapshots alone.
func pass(snapshots: Bool) -> (total: Double, snapshot: Double, count: Int) {
    let terminal = Terminal(columns: columns, rows: rows, scrollbackLimit: 10_000)
    var renderer = ScreenRenderer(capabilities: ConsoleCapabilities())
    let store = SnapshotStore()
    var capture = ScreenCapture()
    var snapshotCPU = 0.0
    var count = 0
    let frameBytes = 16 * 1024, snapshotBytes = 256 * 1024
    let start = cpuSeconds()
    var offset = 0, sinceSnapshot = 0
    let clockStart = ContinuousClock.now
    data.withUnsafeBytes { bytes in
        while offset < bytes.count {
            let n = min(frameBytes, bytes.count - offset)
            terminal.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)]))
            _ = terminal.takeReplies()
            _ = renderer.render(terminal, overlay: nil)
            offset += n
            sinceSnapshot += n
            if snapshots && sinceSnapshot >= snapshotBytes {
                sinceSnapshot = 0
                let before = cpuSeconds()
                let screen = capture.capture(terminal)
                store.record(host: 0, rows: screen.rows, at: clockStart.advanced(by: .milliseconds(250 * count)))
                snapshotCPU += cpuSeconds() - before
                count += 1
            }
        }
    }
    return (cpuSeconds() - start, snapshotCPU, count)
}

switch arguments[4] {
case "cost":
    var relay = Double.infinity
    var best = (total: Double.infinity, snapshot: Double.infinity, count: 0)
    for _ in 0..<3 {
        relay = min(relay, pass(snapshots: false).total)
        let withSnapshots = pass(snapshots: true)
        if withSnapshots.snapshot < best.snapshot { best = withSnapshots }
    }
    print(String(format: "relay_cpu %.4f snapshot_cpu %.4f snapshots %d ratio %.4f",
                 relay, best.snapshot, best.count, best.snapshot / relay))
case "hour":
    // 4 snapshots a second for an hour, each after the next 16 KiB of the stream (cycled).
    let terminal = Terminal(columns: columns, rows: rows, scrollbackLimit: 10_000)
    let store = SnapshotStore()
    var capture = ScreenCapture()
    let start = ContinuousClock.now
    var offset = 0, peak = 0
    var fullCount = 0, fullCPU = 0.0
    let snapshots = 3600 * 4
    data.withUnsafeBytes { bytes in
        for tick in 0..<snapshots {
            if offset >= bytes.count { offset = 0 }
            let n = min(16 * 1024, bytes.count - offset)
            terminal.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)]))
            _ = terminal.takeReplies()
            offset += n
            // Once the store is within a snapshot of its budget, every record also evicts: the
            // steady state of an hour-long session, measured on its own.
            let full = store.bytes > store.budget - store.budget / 16
            let before = cpuSeconds()
            store.record(host: 0, rows: capture.capture(terminal).rows, at: start.advanced(by: .milliseconds(250 * tick)))
            if full {
                fullCPU += cpuSeconds() - before
                fullCount += 1
            }
            peak = max(peak, store.bytes)
        }
    }
    print("snapshots \(snapshots) kept \(store.snapshotCount) peak_bytes \(peak) budget \(store.budget) unique_rows \(store.uniqueRows(host: 0)) "
          + String(format: "full_snapshots %d full_cpu %.4f", fullCount, fullCPU))
default:
    FileHandle.standardError.write(Data("history-bench: say cost or hour\n".utf8))
    exit(2)
}
