/// Character sets that can be designated into G0–G3 (`ESC ( F` … `ESC + F`).
enum Charset: UInt8, Sendable {
    /// `B`: US ASCII.
    case ascii
    /// `0`: DEC Special Graphics (line drawing).
    case decSpecialGraphics
    /// `A`: United Kingdom (`#` is `£`).
    case british
    /// `A` while DECNRCM is off: xterm shows the Latin-1 upper half (`#` is `£`, `[` is `Û`).
    case latin1Upper
    /// `-A` / `.A` / `/A`: the 96-character Latin-1 supplement (also maps SP and DEL).
    case latin1Supplement
    /// `<` or `%5`: DEC Supplemental Graphic.
    case decSupplemental
    /// `>`: DEC Technical.
    case decTechnical
    /// National replacement sets (DECNRCM on), in `nationalTables` order.
    case dutch, finnish, norwegianDanish, swedish, frenchCanadian, swiss, german, french, italian, spanish, portuguese

    /// The set a 94-character designator names, as xterm 379 (VT420 level) takes it: national
    /// sets only while DECNRCM (`?42`) is set; otherwise (and for the NRC sets xterm knows but
    /// does not draw at this level) they designate ASCII. Unknown designators return nil (ignored).
    /// `intermediate` is the second intermediate byte (`%`, `"`, `&`) or 0.
    init?(designator: UInt8, intermediate: UInt8 = 0, national: Bool = true) {
        if intermediate != 0 {
            switch (intermediate, designator) {
            case (0x25, 0x36): self = national ? .portuguese : .ascii    // %6
            case (0x25, 0x35): self = .decSupplemental                   // %5
            case (0x25, 0x30), (0x25, 0x32), (0x25, 0x33), (0x25, 0x3D): self = .ascii   // %0 %2 %3 %=
            default: return nil
            }
            return
        }
        switch designator {
        case UInt8(ascii: "B"), UInt8(ascii: "1"), UInt8(ascii: "2"): self = .ascii
        case UInt8(ascii: "0"): self = .decSpecialGraphics
        case UInt8(ascii: "<"): self = .decSupplemental
        case UInt8(ascii: ">"): self = .decTechnical
        case UInt8(ascii: "A"): self = national ? .british : .latin1Upper
        default:
            guard let set = Charset.nationalDesignators[designator] else { return nil }
            self = national ? set : .ascii
        }
    }

    private static let nationalDesignators: [UInt8: Charset] = [
        0x34: .dutch, 0x35: .finnish, 0x43: .finnish, 0x36: .norwegianDanish, 0x45: .norwegianDanish,
        0x37: .swedish, 0x48: .swedish, 0x39: .frenchCanadian, 0x51: .frenchCanadian, 0x3D: .swiss,
        0x4B: .german, 0x52: .french, 0x66: .french, 0x59: .italian, 0x5A: .spanish, 0x60: .norwegianDanish,
    ]

    /// The character `scalar` stands for in this set.
    @inline(__always)
    func map(_ scalar: UInt32) -> UInt32 {
        switch self {
        case .ascii:
            return scalar
        case .british:
            return scalar == 0x23 ? 0xA3 : scalar
        case .decSpecialGraphics:
            guard scalar >= 0x5F && scalar <= 0x7E else { return scalar }
            return Charset.decSpecial[Int(scalar - 0x5F)]
        case .latin1Upper, .latin1Supplement:
            return scalar >= 0x20 && scalar <= 0x7F ? scalar + 0x80 : scalar
        case .decSupplemental, .decTechnical:
            guard scalar >= 0x20 && scalar <= 0x7E else { return scalar }
            let table = self == .decSupplemental ? CharsetTables.decSupplemental : CharsetTables.decTechnical
            return table[Int(scalar - 0x20)]
        default:
            guard scalar < 0x80, let slot = Charset.replaced.firstIndex(of: scalar) else { return scalar }
            let table = Charset.nationalTables[Int(rawValue - Charset.dutch.rawValue)]
            return table[slot]
        }
    }

    /// The ASCII characters national sets replace, in the order of `nationalTables`.
    private static let replaced: [UInt32] = Array("#@[\\]^_`{|}~".unicodeScalars.map(\.value))

    /// What each national set shows for `replaced`, as xterm 379 draws them.
    private static let nationalTables: [[UInt32]] = [
        "£¾ĳ½|^_`¨ƒ¼´", "#@ÄÖÅÜ_éäöåü", "#ÄÆØÅÜ_äæøåü", "#ÉÄÖÅÜ_éäöåü", "#àâçêî_ôéùèû", "ùàéçêîèôäöüû",
        "#§ÄÖÜ^_`äöüß", "£à°ç§^_`éùè¨", "£§°çé^_ùàòèì", "£§¡Ñ¿^_`°ñç~", "#@ÃÇÕ^_`ãçõ~",
    ].map { Array($0.unicodeScalars.map(\.value)) }

    /// 0x5F … 0x7E in DEC Special Graphics.
    private static let decSpecial: [UInt32] = [
        0x00A0, 0x25C6, 0x2592, 0x2409, 0x240C, 0x240D, 0x240A, 0x00B0, // _ ` a b c d e f
        0x00B1, 0x2424, 0x240B, 0x2518, 0x2510, 0x250C, 0x2514, 0x253C, // g h i j k l m n
        0x23BA, 0x23BB, 0x2500, 0x23BC, 0x23BD, 0x251C, 0x2524, 0x2534, // o p q r s t u v
        0x252C, 0x2502, 0x2264, 0x2265, 0x03C0, 0x2260, 0x00A3, 0x00B7, // w x y z { | } ~
    ]
}
