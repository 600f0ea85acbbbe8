/// Character sets that can be designated into G0/G1 (`ESC ( F`, `ESC ) F`).
enum Charset: UInt8, Sendable {
    /// `B`: US ASCII.
    case ascii
    /// `0`: DEC Special Graphics (line drawing).
    case decSpecialGraphics
    /// `A`: United Kingdom (`#` is `£`).
    case british

    init?(designator: UInt8) {
        switch designator {
        case UInt8(ascii: "B"): self = .ascii
        case UInt8(ascii: "0"): self = .decSpecialGraphics
        case UInt8(ascii: "A"): self = .british
        default: return nil
        }
    }

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
        }
    }

    /// 0x5F … 0x7E in DEC Special Graphics.
    private static let decSpecial: [UInt32] = [
        0x00A0, 0x25C6, 0x2592, 0x2409, 0x240C, 0x240D, 0x240A, 0x00B0, // _ ` a b c d e f
        0x00B1, 0x2424, 0x240B, 0x2518, 0x2510, 0x250C, 0x2514, 0x253C, // g h i j k l m n
        0x23BA, 0x23BB, 0x2500, 0x23BC, 0x23BD, 0x251C, 0x2524, 0x2534, // o p q r s t u v
        0x252C, 0x2502, 0x2264, 0x2265, 0x03C0, 0x2260, 0x00A3, 0x00B7, // w x y z { | } ~
    ]
}
