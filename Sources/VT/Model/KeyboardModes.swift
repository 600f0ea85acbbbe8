/// The kitty keyboard protocol's progressive-enhancement flags (`CSI > flags u` and friends).
public struct KittyKeyboardFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// 0b1: Escape, alt/ctrl combinations and keypad keys as `CSI u`.
    public static let disambiguate = KittyKeyboardFlags(rawValue: 1)
    /// 0b10: repeat and release events too.
    public static let reportEventTypes = KittyKeyboardFlags(rawValue: 2)
    /// 0b100: the shifted and base-layout keys after the key code.
    public static let reportAlternateKeys = KittyKeyboardFlags(rawValue: 4)
    /// 0b1000: every key, text-producing ones and modifier keys included, as an escape code.
    public static let reportAllKeys = KittyKeyboardFlags(rawValue: 8)
    /// 0b10000: the key's text as code points in the escape code.
    public static let reportAssociatedText = KittyKeyboardFlags(rawValue: 16)
}

/// One screen's stack of kitty keyboard flags, as kitty keeps it: at most `depth` entries
/// (kitty's own array size), the oldest evicted by a push onto a full stack; the top entry is in
/// force, and an empty stack means no flags.
public struct KittyKeyboardStack: Hashable, Sendable {
    /// kitty's `main_key_encoding_flags[8]`.
    public static let depth = 8
    /// kitty keeps 7 bits of whatever the host sends, and reports them back.
    static let mask: UInt8 = 0x7F
    private var entries: [UInt8] = []

    public init() {}

    public var current: UInt8 { entries.last ?? 0 }
    public var count: Int { entries.count }

    /// `CSI > flags u`: the first push also keeps the flags in force before it (0), so popping
    /// it goes back to them, as kitty's first push marks its bottom slot.
    mutating func push(_ flags: Int) {
        if entries.isEmpty { entries.append(0) }
        if entries.count == KittyKeyboardStack.depth { entries.removeFirst() }
        entries.append(UInt8(truncatingIfNeeded: flags) & KittyKeyboardStack.mask)
    }

    /// `CSI < n u`: more pops than entries empties the stack (no flags).
    mutating func pop(_ n: Int) {
        entries.removeLast(min(max(n, 0), entries.count))
    }

    /// `CSI = flags ; mode u`: 1 replaces the top entry, 2 sets the given bits, 3 clears them.
    mutating func set(_ flags: Int, mode: Int) {
        let q = UInt8(truncatingIfNeeded: flags) & KittyKeyboardStack.mask
        if entries.isEmpty { entries.append(0) }
        let top = entries.count - 1
        switch mode {
        case 1: entries[top] = q
        case 2: entries[top] |= q
        case 3: entries[top] &= ~q
        default: break
        }
    }
}

/// What the host asked of the keyboard: the kitty protocol (one stack per screen, as the
/// protocol requires) and xterm's modifyOtherKeys. `InputEncoder` reads it through
/// `TerminalModes`.
public struct KeyboardModes: Hashable, Sendable {
    public var mainStack = KittyKeyboardStack()
    public var alternateStack = KittyKeyboardStack()
    /// xterm's modifyOtherKeys (`CSI > 4 ; n m`): 0 (off, xterm's default), 1 or 2 change keys;
    /// xterm also keeps any other value a host sets, and -1 after `CSI > 4 n`.
    public var modifyOtherKeys = 0
    /// The value `CSI > 4 n` leaves (xterm's "disabled" resource value).
    public static let modifyOtherKeysDisabled = -1
    /// xterm's formatOtherKeys resource: 0 sends `CSI 27 ; mod ; code ~`, 1 sends
    /// `CSI code ; mod u`. xterm has no control sequence for it, so a host never changes it.
    public var formatOtherKeys = 0

    public init() {}

    /// The flags in force on the main or the alternate screen.
    public func kittyFlags(onAlternateScreen: Bool) -> KittyKeyboardFlags {
        KittyKeyboardFlags(rawValue: (onAlternateScreen ? alternateStack : mainStack).current & 0x1F)
    }
}
