/// The grid's own 8-byte cell: what is drawn and a style number. Public `Cell` values (with
/// full `Attributes`) are made from these only when a frame is taken, so writing text stores
/// 8 bytes per cell.
///
/// `content` bits 0–20 hold the scalar (or `Cell.clusterBase + index`), bit 24 marks the first
/// half of a wide character, bit 25 the spacer after it, bit 26 a wrap pad and bit 27 a left
/// half left alone (its right half gone). `style` indexes the `StyleTable`.
struct StoredCell: Equatable {
    var content: UInt32
    var style: UInt32

    static let contentMask: UInt32 = 0x1F_FFFF
    static let wideBit: UInt32 = 1 << 24
    static let spacerBit: UInt32 = 1 << 25
    /// A blank left in the last column when a wide character wrapped to the next row;
    /// reflow drops it so the text joins up again.
    static let wrapPadBit: UInt32 = 1 << 26
    /// The left half of a wide character whose right half is gone, in the screen's last
    /// column: xterm 379 keeps it there after a DECCRA clipped at the page's edge (it prints
    /// the character, DECRQCRA counts it). Every edit treats it as a one-column cell; frames
    /// show it two wide with no spacer after it, which renderers draw as a blank. Only the
    /// last column holds one: an edit or resize that would move it elsewhere leaves a blank
    /// (else row text, DECRQCRA and search would report a character the renderer hides).
    static let leftAloneBit: UInt32 = 1 << 27

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
    @inline(__always) var isWrapPad: Bool { content & StoredCell.wrapPadBit != 0 }
    @inline(__always) var isLeftAlone: Bool { content & StoredCell.leftAloneBit != 0 }
    @inline(__always) var isCluster: Bool { scalar >= Cell.clusterBase }
    @inline(__always) var width: Int {
        isSpacer ? 0 : content & (StoredCell.wideBit | StoredCell.leftAloneBit) != 0 ? 2 : 1
    }

    /// This wide character's left half kept without its right half (see `leftAloneBit`).
    var leftAlone: StoredCell {
        StoredCell(content: content & ~StoredCell.wideBit | StoredCell.leftAloneBit, style: style)
    }

    /// The public cell, with the style resolved.
    @inline(__always)
    func cell(_ styles: StyleTable) -> Cell {
        Cell(content: scalar, width: UInt8(width), attributes: styles[style])
    }
}

/// Style numbers for `Attributes`. Common renditions (no RGB colour, no underline colour, no
/// link) are packed straight into the number (bit 31 clear), so writing them never touches a
/// table. Others are interned (bit 31 set, the rest an index into `styles`). Lookups hash a packed form of the attributes (three words) in an open-addressing table,
/// which is much cheaper than `Hasher` on the hot path (an SGR before every cell).
/// Bounded: when full, the owner sweeps out the styles no cell uses any more, or, when the
/// bytes fed have not paid for that yet, uses `approximate` (see `CompactionBudget`).
struct StyleTable {
    static let limit = 1 << 16

    /// Attributes packed into three words, for hashing and comparing.
    struct Key: Equatable {
        var a: UInt64, b: UInt64, c: UInt64

        @inline(__always)
        init(_ x: Attributes) {
            a = UInt64(x.flags.rawValue) | UInt64(x.underline.rawValue) << 16 | UInt64(x.link) << 24
            b = UInt64(Key.pack(x.foreground)) | UInt64(Key.pack(x.background)) << 32
            c = UInt64(Key.pack(x.underlineColor))
        }

        @inline(__always)
        static func pack(_ color: Color) -> UInt32 {
            switch color {
            case .default: return 0
            case .indexed(let n): return 1 << 24 | UInt32(n)
            case .rgb(let r, let g, let b): return 2 << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }

        @inline(__always)
        var hash: Int {
            let h = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F) ^ (c &* 0x1656_67B1_9E37_79F9)
            return Int(truncatingIfNeeded: h ^ (h >> 29))
        }
    }

    /// A hash slot holds the key itself, so a lookup touches one cache line.
    struct Slot {
        var key: Key
        /// id + 1; 0 for an empty slot.
        var id: UInt32
    }

    /// Dropped styles hold `.plain` until their number is reused.
    private(set) var styles: [Attributes] = []
    private var live = UsageBits(count: 0)
    private var freeIndices: [UInt32] = []
    /// Open addressing with linear probing; capacity is a power of two.
    private var slots: [Slot] = []

    init() {
        removeAll()
    }

    static let tableBit: UInt32 = 1 << 31

    var isFull: Bool { styles.count >= StyleTable.limit && freeIndices.isEmpty }
    var count: Int { styles.count }

    @inline(__always)
    subscript(id: UInt32) -> Attributes {
        if id & StyleTable.tableBit == 0 { return StyleTable.unpack(id) }
        let index = Int(id & ~StyleTable.tableBit)
        return index < styles.count ? styles[index] : .plain
    }

    /// Packs flags (9 bits), underline (3), foreground and background (9 each: 0 default,
    /// n + 1 for palette entry n) into one number, when the attributes allow it.
    @inline(__always)
    static func pack(_ a: Attributes) -> UInt32? {
        guard a.link == 0, a.underlineColor == .default, a.flags.rawValue <= 0x1FF else { return nil }
        func color(_ c: Color) -> UInt32? {
            switch c {
            case .default: return 0
            case .indexed(let n): return UInt32(n) + 1
            case .rgb: return nil
            }
        }
        guard let fg = color(a.foreground), let bg = color(a.background) else { return nil }
        return UInt32(a.flags.rawValue & 0x1FF) | UInt32(a.underline.rawValue) << 9 | fg << 12 | bg << 21
    }

    /// `pack` reading the fields in place.
    @inline(__always)
    static func pack(fieldsOf a: UnsafePointer<Attributes>) -> UInt32? {
        guard a.pointee.link == 0, a.pointee.underlineColor == .default, a.pointee.flags.rawValue <= 0x1FF else { return nil }
        let fg: UInt32
        switch a.pointee.foreground {
        case .default: fg = 0
        case .indexed(let n): fg = UInt32(n) + 1
        case .rgb: return nil
        }
        let bg: UInt32
        switch a.pointee.background {
        case .default: bg = 0
        case .indexed(let n): bg = UInt32(n) + 1
        case .rgb: return nil
        }
        return UInt32(a.pointee.flags.rawValue & 0x1FF) | UInt32(a.pointee.underline.rawValue) << 9 | fg << 12 | bg << 21
    }

    static func unpack(_ id: UInt32) -> Attributes {
        var a = Attributes()
        a.flags = Attributes.Flags(rawValue: UInt16(id & 0x1FF))
        a.underline = Attributes.Underline(rawValue: UInt8((id >> 9) & 7)) ?? .none
        func color(_ v: UInt32) -> Color { v == 0 ? .default : .indexed(UInt8(v - 1)) }
        a.foreground = color((id >> 12) & 0x1FF)
        a.background = color((id >> 21) & 0x1FF)
        return a
    }

    /// The number for `attributes`, adding it to the table when needed; nil when it is full.
    mutating func id(for attributes: Attributes) -> UInt32? {
        if let packed = StyleTable.pack(attributes) { return packed }
        return tableID(for: attributes).map { $0 | StyleTable.tableBit }
    }

    private mutating func tableID(for attributes: Attributes) -> UInt32? {
        let key = Key(attributes)
        let found: UInt32? = slots.withUnsafeBufferPointer { table in
            let mask = table.count - 1
            var i = key.hash & mask
            while true {
                let slot = table[i]
                if slot.id == 0 { return nil }
                if slot.key == key { return slot.id - 1 }
                i = (i + 1) & mask
            }
        }
        if let found { return found }
        let id: UInt32
        if let reused = freeIndices.popLast() {
            id = reused
            styles[Int(id)] = attributes
            live.insert(Int(id))
        } else {
            guard styles.count < StyleTable.limit else { return nil }
            id = UInt32(styles.count)
            styles.append(attributes)
            live.insert(Int(id))
        }
        insert(Slot(key: key, id: id + 1))
        if styles.count * 2 > slots.count { rehash(capacity: slots.count * 2) }
        return id
    }

    private mutating func insert(_ slot: Slot) {
        let mask = slots.count - 1
        var i = slot.key.hash & mask
        while slots[i].id != 0 { i = (i + 1) & mask }
        slots[i] = slot
    }

    private mutating func rehash(capacity: Int) {
        let old = slots
        slots = Array(repeating: StyleTable.emptySlot, count: capacity)
        for slot in old where slot.id != 0 { insert(slot) }
    }

    private static let emptySlot = Slot(key: Key(.plain), id: 0)

    /// Drops the table styles whose indices are not marked in `used`; their numbers are reused
    /// by later styles. Returns how many were dropped.
    @discardableResult
    mutating func sweep(keeping used: UsageBits) -> Int {
        let dropped = live.indices(notIn: used)
        for index in dropped {
            remove(Key(styles[index]))
            styles[index] = .plain
            live.remove(index)
            freeIndices.append(UInt32(index))
        }
        return dropped.count
    }

    /// Removes `key`'s slot, shifting later slots of its probe run back so lookups still
    /// find them (no tombstones).
    private mutating func remove(_ key: Key) {
        let mask = slots.count - 1
        var hole = key.hash & mask
        while slots[hole].id != 0 && slots[hole].key != key { hole = (hole + 1) & mask }
        guard slots[hole].id != 0 else { return }
        var j = hole
        while true {
            j = (j + 1) & mask
            guard slots[j].id != 0 else { break }
            let home = slots[j].key.hash & mask
            // slots[j] may move into the hole unless its home lies cyclically in (hole, j].
            let reachable = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j)
            if !reachable {
                slots[hole] = slots[j]
                hole = j
            }
        }
        slots[hole] = StyleTable.emptySlot
    }

    /// `attributes` as a packed number, which needs no table: RGB colours become their nearest
    /// palette entries, an underline colour and a link are dropped. What a full table of styles
    /// still on screen falls back to.
    static func approximate(_ attributes: Attributes) -> UInt32 {
        var a = attributes
        a.foreground = a.foreground.paletteApproximation
        a.background = a.background.paletteApproximation
        a.underlineColor = .default
        a.link = 0
        return pack(a) ?? 0
    }

    mutating func removeAll() {
        styles = []
        live = UsageBits(count: 0)
        freeIndices = []
        slots = Array(repeating: StyleTable.emptySlot, count: 1024)
    }
}
