/// The streams that cost an emulator the most per byte through its style, link and cluster
/// tables: every unit brings a new entry and leaves a cell using it, so once the history holds
/// enough of them a table stays full of entries still in use (issue 9, item 9).
enum HostileStreams {
    /// `count` characters, each in a true-colour foreground/background pair not seen before.
    static func styles(_ count: Int, from start: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 30)
        for i in start..<(start + count) {
            let r = i & 0xFF, g = (i >> 8) & 0xFF, b = (i >> 16) & 0xFF
            out += Array("\u{1B}[38;2;\(r);\(g);\(b);48;2;\(b);\(r);\(g)mx".utf8)
        }
        return out
    }

    /// `count` characters, each inside an OSC 8 link to a target not seen before.
    static func links(_ count: Int, from start: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 24)
        for i in start..<(start + count) {
            out += Array("\u{1B}]8;;https://e.x/\(i)\u{1B}\\y".utf8)
        }
        return out
    }

    /// `count` cells, each a base letter with a combining mark, no (base, mark) pair repeated
    /// (112 marks U+0300–U+036F over 256 Cyrillic base letters, then a second mark).
    static func clusters(_ count: Int, from start: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 5)
        for i in start..<(start + count) { out += cluster(i) }
        return out
    }

    /// Cluster number `i` of `clusters`, as UTF-8.
    static func cluster(_ i: Int) -> [UInt8] {
        let base = 0x0400 + (i / 112) % 0x0100, mark = 0x0300 + i % 112, round = i / (112 * 256)
        var scalars = [base, mark]
        if round > 0 { scalars.append(0x0300 + round % 112) }
        return Array(String(String.UnicodeScalarView(scalars.compactMap { Unicode.Scalar(UInt32($0)) })).utf8)
    }

    /// The three interleaved, `count` units of each.
    static func mixed(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        let step = 1000
        for start in stride(from: 0, to: count, by: step) {
            let n = min(step, count - start)
            out += styles(n, from: start) + links(n, from: start) + clusters(n, from: start)
        }
        return out
    }

    /// `lines` line feeds first, so the history is full before the tables fill.
    static func afterFullHistory(_ lines: Int, _ stream: [UInt8]) -> [UInt8] {
        Array(repeating: UInt8(ascii: "\n"), count: lines) + stream
    }

    /// Printable ASCII of `length` bytes, the baseline.
    static func plain(_ length: Int) -> [UInt8] {
        (0..<length).map { UInt8(0x61 + $0 % 26) }
    }
}
