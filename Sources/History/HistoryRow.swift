import VT

/// One row of a past screen or of the scrollback, frozen: its cells with their attributes
/// (trailing plain blanks trimmed), the combining clusters its cells name (renumbered from 0,
/// so the row no longer depends on the emulator's cluster table), and whether autowrap
/// continued it on the next row. Immutable and compared by content, so equal rows can be
/// shared between snapshots (`RowTable` hash-conses them).
public final class HistoryRow: Hashable, Sendable {
    public let cells: [Cell]
    public let clusters: [String]
    public let wrapped: Bool
    private let contentHash: Int

    public init(cells: [Cell], clusters: [String] = [], wrapped: Bool = false) {
        var end = cells.count
        while end > 0, cells[end - 1].content == 0, cells[end - 1].width == 1, cells[end - 1].attributes == .plain {
            end -= 1
        }
        self.cells = end == cells.count ? cells : Array(cells[..<end])
        self.clusters = clusters
        self.wrapped = wrapped
        contentHash = Self.hash(self.cells, clusters, wrapped)
    }

    /// FNV-1a over packed cells: several times cheaper than `Hasher` over synthesized
    /// `Hashable` cells, and a snapshot hashes every row that changed (docs/adr/0010).
    private static func hash(_ cells: [Cell], _ clusters: [String], _ wrapped: Bool) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        @inline(__always) func mix(_ value: UInt64) { h = (h ^ value) &* 0x100_0000_01B3 }
        for cell in cells {
            let a = cell.attributes
            mix(UInt64(cell.content) | UInt64(cell.width) << 32 | UInt64(a.flags.rawValue) << 40)
            mix(UInt64(a.underline.rawValue) | UInt64(a.link) << 8 | pack(a.foreground) << 24)
            mix(pack(a.background) | pack(a.underlineColor) << 32)
        }
        mix(wrapped ? 1 : 2)
        if !clusters.isEmpty {
            var hasher = Hasher()
            hasher.combine(clusters)
            mix(UInt64(bitPattern: Int64(hasher.finalize())))
        }
        return Int(truncatingIfNeeded: h)
    }

    @inline(__always)
    private static func pack(_ color: Color) -> UInt64 {
        switch color {
        case .default: return 0
        case .indexed(let n): return 1 << 24 | UInt64(n)
        case .rgb(let r, let g, let b): return 2 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
        }
    }

    /// A row from cells whose clusters index `table` (a frame's or the scrollback's table).
    public convenience init<C: Collection>(cells source: C, clusterTable table: [String], wrapped: Bool)
    where C.Element == Cell {
        var cells = Array(source)
        var clusters: [String] = []
        for i in cells.indices where cells[i].isCluster {
            let index = Int(cells[i].content - Cell.clusterBase)
            clusters.append(index < table.count ? table[index] : "\u{FFFD}")
            cells[i].content = Cell.clusterBase + UInt32(clusters.count - 1)
        }
        self.init(cells: cells, clusters: clusters, wrapped: wrapped)
    }

    /// A row of plain text (status and header lines).
    public convenience init(text: String, attributes: Attributes = .plain) {
        var cells: [Cell] = []
        for scalar in text.unicodeScalars {
            let width = CharacterWidth.of(scalar)
            if width == 0 { continue }
            cells.append(Cell(content: scalar.value, width: UInt8(width), attributes: attributes))
            if width == 2 { cells.append(Cell(content: 0, width: 0, attributes: attributes)) }
        }
        self.init(cells: cells, wrapped: false)
    }

    /// What the row costs in memory, the unit of the snapshot budget: the object (about 64
    /// bytes after malloc's rounding), its cell array (a 32-byte header and the cells) and its
    /// cluster text.
    public var byteCost: Int {
        96 + cells.count * MemoryLayout<Cell>.stride + clusters.reduce(0) { $0 + 32 + $1.utf8.count }
    }

    /// The cell at `column`, blank past the stored ones.
    public func cell(_ column: Int) -> Cell {
        column < cells.count ? cells[column] : .blank()
    }

    /// What a person sees in a cell: a space for a blank, "" for a wide spacer.
    public func text(of cell: Cell) -> String {
        cell.text(clusters: clusters)
    }

    /// The text of `columns` (clamped to the stored cells), blanks as spaces.
    public func text(columns: Range<Int>) -> String {
        var s = ""
        let upper = min(columns.upperBound, cells.count)
        guard columns.lowerBound < upper else { return s }
        for column in max(columns.lowerBound, 0)..<upper { s += text(of: cells[column]) }
        return s
    }

    public static func == (a: HistoryRow, b: HistoryRow) -> Bool {
        a === b || (a.contentHash == b.contentHash && a.wrapped == b.wrapped && a.cells == b.cells
                    && a.clusters == b.clusters)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(contentHash)
    }
}
