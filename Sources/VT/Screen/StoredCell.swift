/// The grid's own 8-byte cell: what is drawn and a style number. Public `Cell` values (with
/// full `Attributes`) are made from these only when a frame is taken, so writing text stores
/// 8 bytes per cell.
///
/// `content` bits 0–20 hold the scalar (or `Cell.clusterBase + index`), bit 24 marks the first
/// half of a wide character and bit 25 the spacer after it. `style` indexes the `StyleTable`.
struct StoredCell: Equatable {
    var content: UInt32
    var style: UInt32

    static let contentMask: UInt32 = 0x1F_FFFF
    static let wideBit: UInt32 = 1 << 24
    static let spacerBit: UInt32 = 1 << 25

    @inline(__always)
    init(content: UInt32, style: UInt32) {
        self.content = content
        self.style = style
    }

    @inline(__always)
    static func blank(_ style: UInt32) -> StoredCell { StoredCell(content: 0, style: style) }

    @inline(__always) var scalar: UInt32 { content & StoredCell.contentMask }
    @inline(__always) var isSpacer: Bool { content & StoredCell.spacerBit != 0 }
    @inline(__always) var isWide: Bool { content & StoredCell.wideBit != 0 }
    @inline(__always) var isCluster: Bool { scalar >= Cell.clusterBase }
    @inline(__always) var width: Int { isSpacer ? 0 : isWide ? 2 : 1 }

    /// The public cell, with the style resolved.
    @inline(__always)
    func cell(_ styles: StyleTable) -> Cell {
        Cell(content: scalar, width: UInt8(width), attributes: styles[style])
    }
}

/// Interned `Attributes`: each distinct rendition gets a small number cells refer to.
/// Bounded: when full, the owner compacts it to the styles still in use.
struct StyleTable {
    static let limit = 1 << 16

    private(set) var styles: [Attributes] = [.plain]
    private var index: [Attributes: UInt32] = [.plain: 0]

    var isFull: Bool { styles.count >= StyleTable.limit }
    var count: Int { styles.count }

    @inline(__always)
    subscript(id: UInt32) -> Attributes {
        Int(id) < styles.count ? styles[Int(id)] : .plain
    }

    /// The number for `attributes`, adding it when new; nil when the table is full.
    mutating func id(for attributes: Attributes) -> UInt32? {
        if let id = index[attributes] { return id }
        guard !isFull else { return nil }
        styles.append(attributes)
        let id = UInt32(styles.count - 1)
        index[attributes] = id
        return id
    }

    /// Keeps style 0 and the styles in `used`; returns old id → new id (UInt32.max if dropped).
    mutating func compact(keeping used: Set<UInt32>, relink: (Attributes) -> Attributes) -> [UInt32] {
        var map = [UInt32](repeating: UInt32.max, count: styles.count)
        var kept: [Attributes] = []
        var newIndex: [Attributes: UInt32] = [:]
        for old in 0..<styles.count where old == 0 || used.contains(UInt32(old)) {
            let a = relink(styles[old])
            if let existing = newIndex[a] {
                map[old] = existing
                continue
            }
            map[old] = UInt32(kept.count)
            newIndex[a] = UInt32(kept.count)
            kept.append(a)
        }
        styles = kept
        index = newIndex
        return map
    }

    mutating func removeAll() {
        styles = [.plain]
        index = [.plain: 0]
    }
}
