/// A streaming UTF-8 decoder: keeps its state between feeds, so a character split across two
/// reads decodes whole. Overlong forms, surrogates and values above U+10FFFF are rejected;
/// every invalid byte sequence yields one U+FFFD (maximal subpart rule). Public so the local
/// input decoder (Console) uses the same rules as the emulator: one UTF-8 decoder in Drover.
public struct UTF8Decoder: Sendable {
    public static let replacement: UInt32 = 0xFFFD

    public enum Result: Equatable, Sendable {
        /// More bytes are needed.
        case pending
        case scalar(UInt32)
        /// An invalid sequence ended; the current byte must be processed again from scratch.
        case invalidReprocess
        /// An invalid byte was consumed.
        case invalid
    }

    private var codePoint: UInt32 = 0
    private(set) var needed: UInt8 = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    public init() {}

    public var isPending: Bool { needed != 0 }

    public mutating func reset() {
        needed = 0
        lower = 0x80
        upper = 0xBF
    }

    @inline(__always)
    public mutating func decode(_ byte: UInt8) -> Result {
        if needed == 0 {
            switch byte {
            case 0x00...0x7F:
                return .scalar(UInt32(byte))
            case 0xC2...0xDF:
                needed = 1; codePoint = UInt32(byte & 0x1F)
            case 0xE0...0xEF:
                needed = 2; codePoint = UInt32(byte & 0x0F)
                if byte == 0xE0 { lower = 0xA0 }
                if byte == 0xED { upper = 0x9F }
            case 0xF0...0xF4:
                needed = 3; codePoint = UInt32(byte & 0x07)
                if byte == 0xF0 { lower = 0x90 }
                if byte == 0xF4 { upper = 0x8F }
            default:
                return .invalid
            }
            return .pending
        }
        guard byte >= lower && byte <= upper else {
            reset()
            return .invalidReprocess
        }
        lower = 0x80
        upper = 0xBF
        codePoint = (codePoint << 6) | UInt32(byte & 0x3F)
        needed -= 1
        return needed == 0 ? .scalar(codePoint) : .pending
    }
}
