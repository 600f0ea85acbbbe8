// The "before" side of `scripts/bench relay`: the relay path as it was before rendering from
// damage, driven exactly like `drover replay FILE --bench-relay` drives today's path.
// scripts/bench copies this file into a build of the merge-base commit as an executable target;
// it uses only API that existed there (Terminal.frame, FrameDiff.render).
//
// Usage: relay-bench-before FILE COLS ROWS FRAME_BYTES PASSES
// Prints: "cpu SECONDS bytes N frames F out O" for the best (least CPU) pass.
import Glibc
import Render
import VT

let arguments = CommandLine.arguments
guard arguments.count == 6, let columns = Int(arguments[2]), let rows = Int(arguments[3]),
      let frameBytes = Int(arguments[4]), let passes = Int(arguments[5]) else {
    print("usage: relay-bench-before FILE COLS ROWS FRAME_BYTES PASSES\n")
    exit(2)
}
guard let file = fopen(arguments[1], "rb") else {
    print("relay-bench-before: cannot open \(arguments[1])\n")
    exit(1)
}
var data: [UInt8] = []
var block = [UInt8](repeating: 0, count: 1 << 16)
while true {
    let n = fread(&block, 1, block.count, file)
    if n <= 0 { break }
    data += block[0..<n]
}
fclose(file)

func cpuSeconds() -> Double {
    Double(clock()) / Double(CLOCKS_PER_SEC)
}

var best = Double.infinity
var frames = 0
var written = 0
for _ in 0..<max(passes, 1) {
    let terminal = Terminal(columns: columns, rows: rows, scrollbackLimit: 10_000)
    let capabilities = TerminalCapabilities()
    var shown: Frame?
    frames = 0
    written = 0
    func render() {
        // RelayLoop.renderNow at the merge-base: a full frame, then a diff against the last one.
        let frame = terminal.frame()
        let bytes = FrameDiff.render(from: shown, to: frame, capabilities: capabilities,
                                     rowVersionsComparable: shown != nil)
        written += bytes.count
        shown = frame
        frames += 1
    }
    let start = cpuSeconds()
    var offset = 0
    var untilFrame = frameBytes
    var pending = false
    while offset < data.count {
        // A frame is due but the remote is inside a synchronized update: the relay draws as
        // soon as the update ends, so this read ends right after the next `CSI ?2026l`.
        let n = pending ? min(65_536, data.count - offset, synchronizedEnd(in: data, after: offset) ?? 65_536)
                        : min(65_536, untilFrame, data.count - offset)
        // SSHChannel.readAvailable at the merge-base: a fresh 32 KiB buffer per call, each
        // piece appended to the output array, which RelayLoop.receiveRemote then feeds.
        var output = SSHChannelOutputModel()
        var buffer = [UInt8](repeating: 0, count: 32_768)
        var piece = 0
        while piece < n {
            let k = min(buffer.count, n - piece)
            buffer.withUnsafeMutableBytes { to in
                data.withUnsafeBytes { from in
                    _ = memcpy(to.baseAddress!, from.baseAddress! + offset + piece, k)
                }
            }
            output.stdout += buffer[0..<k]
            piece += k
        }
        terminal.feed(output.stdout)
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
    best = min(best, cpuSeconds() - start)
}
/// Bytes from `offset` to just after the next `CSI ?2026l`, nil when none follows.
func synchronizedEnd(in data: [UInt8], after offset: Int) -> Int? {
    let marker: [UInt8] = [0x1B, 0x5B, 0x3F, 0x32, 0x30, 0x32, 0x36, 0x6C]
    var i = offset
    while i + marker.count <= data.count {
        if data[i] == 0x1B && data[i..<(i + marker.count)].elementsEqual(marker) { return i + marker.count - offset }
        i += 1
    }
    return nil
}

print("cpu \(best) bytes \(data.count) frames \(frames) out \(written)")

struct SSHChannelOutputModel {
    var stdout: [UInt8] = []
}
