/// Graphic rendition of a cell (SGR state), compact and comparable.
public struct Attributes: Hashable, Sendable {
    /// On/off renditions.
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        public static let bold = Flags(rawValue: 1 << 0)
        public static let faint = Flags(rawValue: 1 << 1)
        public static let italic = Flags(rawValue: 1 << 2)
        public static let blink = Flags(rawValue: 1 << 3)
        public static let rapidBlink = Flags(rawValue: 1 << 4)
        public static let inverse = Flags(rawValue: 1 << 5)
        public static let hidden = Flags(rawValue: 1 << 6)
        public static let strikethrough = Flags(rawValue: 1 << 7)
        public static let overline = Flags(rawValue: 1 << 8)
        /// DECSCA: selective erase (DECSED, DECSEL, DECSERA) leaves the cell alone. Not a
        /// rendition: SGR 0 keeps it and nothing draws it.
        public static let protected = Flags(rawValue: 1 << 9)
    }

    /// SGR 4 and its `4:n` sub-parameter forms (21 is double).
    public enum Underline: UInt8, Hashable, Sendable {
        case none = 0, single = 1, double = 2, curly = 3, dotted = 4, dashed = 5
    }

    public var flags: Flags = []
    public var underline: Underline = .none
    public var foreground: Color = .default
    public var background: Color = .default
    /// SGR 58 (59 resets to `.default`, meaning "same as the text").
    public var underlineColor: Color = .default
    /// OSC 8 hyperlink: 0 for none, else an index + 1 into the frame's `links`.
    public var link: UInt16 = 0

    public init() {}

    public static let plain = Attributes()
}
