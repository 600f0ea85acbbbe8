/// Pays for compacting the style, link and cluster tables out of the bytes fed, so the work
/// per byte stays bounded whatever the stream (docs/adr/0007-bounded-intern-tables.md).
///
/// A compaction scans every cell of both grids and the history. Each byte fed earns
/// `cellsPerByte` cells of scanning; a full table is compacted only once the credit covers a
/// whole scan, and the credit starts again from zero afterwards. A stream that keeps a table
/// full of entries still in use (an attack: tens of thousands of distinct colours or links in
/// the history) thus compacts at most once per `scan / cellsPerByte` bytes and meanwhile gets
/// the cheap fallbacks; ordinary output, which fills a table slowly with entries long gone,
/// always has the credit when a table fills.
struct CompactionBudget {
    static let cellsPerByte = 4

    /// Cells of scanning earned and not yet spent.
    private(set) var credit = 0
    /// Cells and table entries visited by all compactions so far (a work counter for tests).
    private(set) var spent = 0
    private(set) var compactions = 0

    @inline(__always)
    mutating func earn(bytes: Int) {
        credit = min(credit &+ bytes &* CompactionBudget.cellsPerByte, Int.max / 2)
    }

    func affords(_ cost: Int) -> Bool { credit >= cost }

    /// Records a compaction of `cost`; the rest of the credit is dropped, so credit banked
    /// during a long quiet stream never buys a burst of back-to-back scans.
    mutating func spend(_ cost: Int) {
        credit = 0
        spent += cost
        compactions += 1
    }
}

/// One bit per table index, for marking the entries cells still use during a compaction
/// (a set of integers costs a hash per cell).
struct UsageBits {
    private var words: [UInt64]

    init(count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// Bits marked elsewhere (`Screen.markCells` fills raw words for speed).
    init(words: [UInt64]) {
        self.words = words
    }

    /// Marks `index`, growing the set as needed.
    @inline(__always)
    mutating func insert(_ index: Int) {
        guard index >= 0 else { return }
        while index >> 6 >= words.count { words.append(0) }
        words[index >> 6] |= 1 << UInt64(index & 63)
    }

    mutating func remove(_ index: Int) {
        guard index >= 0, index >> 6 < words.count else { return }
        words[index >> 6] &= ~(1 << UInt64(index & 63))
    }

    /// The indices marked here and not in `other`, ascending: a word at a time, so a sweep
    /// costs a sixty-fourth of an entry per entry kept.
    func indices(notIn other: UsageBits) -> [Int] {
        var out: [Int] = []
        var w = 0
        while w < words.count {
            var bits = words[w] & ~(w < other.words.count ? other.words[w] : 0)
            while bits != 0 {
                out.append(w << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
            }
            w += 1
        }
        return out
    }

    @inline(__always)
    func contains(_ index: Int) -> Bool {
        index >= 0 && index >> 6 < words.count && words[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    /// The marked indices in ascending order.
    var indices: [Int] {
        var out: [Int] = []
        for (w, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                out.append(w << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return out
    }
}
