/// A key as the kitty keyboard protocol sees it: the key, its modifiers, whether it was pressed,
/// repeated or released, and the text it types. `InputEncoder.encode(_:)` turns it into bytes by
/// the host's keyboard mode; `InputEvent.key` is the press of one with the text derived.
public struct KeyEvent: Hashable, Sendable {
    public var key: Key
    public var modifiers: KeyModifiers
    public var type: KeyEventType
    /// The text the key types; nil = what a US layout types for it (nothing under Ctrl, Alt,
    /// Super, Hyper or Meta, as kitty on X11 and Wayland says).
    public var text: String?
    /// The key with Shift, for kitty's alternate keys; nil = a US layout's.
    public var shiftedKey: Unicode.Scalar?
    /// The key at the same place of a US layout, for kitty's alternate keys when it differs.
    public var baseLayoutKey: Unicode.Scalar?

    public init(_ key: Key, _ modifiers: KeyModifiers = [], type: KeyEventType = .press,
                text: String? = nil, shiftedKey: Unicode.Scalar? = nil, baseLayoutKey: Unicode.Scalar? = nil) {
        self.key = key
        self.modifiers = modifiers
        self.type = type
        self.text = text
        self.shiftedKey = shiftedKey
        self.baseLayoutKey = baseLayoutKey
    }
}

extension KeyEvent {
    /// The key a US layout types `scalar` with (`/` for `?`, `a` for `A`): what kitty names a
    /// key by in its release when only the typed text is known.
    public static func usLayoutKey(typing scalar: Unicode.Scalar) -> Unicode.Scalar {
        USLayout.unshifted(scalar).key
    }
}

/// kitty's event types: the number is the one its escape codes carry.
public enum KeyEventType: Int, Hashable, Sendable {
    case press = 1, `repeat` = 2, release = 3
}

/// Modifier keys, for kitty's report-all-keys flag (their numbers are kitty's functional keys).
public enum ModifierKey: Int, Hashable, Sendable, CaseIterable {
    case capsLock = 57358, scrollLock = 57359, numLock = 57360
    case leftShift = 57441, leftControl, leftAlt, leftSuper, leftHyper, leftMeta
    case rightShift, rightControl, rightAlt, rightSuper, rightHyper, rightMeta
    case isoLevel3Shift, isoLevel5Shift

    /// The modifier bit the key itself holds while it is down (none for the lock and level keys).
    var ownModifier: KeyModifiers {
        switch self {
        case .leftShift, .rightShift: return .shift
        case .leftControl, .rightControl: return .control
        case .leftAlt, .rightAlt: return .alt
        case .leftSuper, .rightSuper: return .super
        case .leftHyper, .rightHyper: return .hyper
        case .leftMeta, .rightMeta: return .meta
        default: return []
        }
    }
}

/// A US layout's shifted characters and its lower-case letters: what kitty's key codes and
/// alternate keys need when the local terminal only said the character.
enum USLayout {
    private static let pairs: [(Unicode.Scalar, Unicode.Scalar)] = [
        ("`", "~"), ("1", "!"), ("2", "@"), ("3", "#"), ("4", "$"), ("5", "%"), ("6", "^"), ("7", "&"),
        ("8", "*"), ("9", "("), ("0", ")"), ("-", "_"), ("=", "+"), ("[", "{"), ("]", "}"), ("\\", "|"),
        (";", ":"), ("'", "\""), (",", "<"), (".", ">"), ("/", "?"),
    ]

    /// The key with Shift: an upper-case letter or the symbol above a digit or punctuation key.
    static func shifted(_ s: Unicode.Scalar) -> Unicode.Scalar? {
        if let pair = pairs.first(where: { $0.0 == s }) { return pair.1 }
        let upper = String(s).uppercased().unicodeScalars
        if upper.count == 1, let u = upper.first, u != s { return u }
        return nil
    }

    /// The key that types `s` and whether Shift is needed: `A` is `a` with Shift, `!` is `1`.
    static func unshifted(_ s: Unicode.Scalar) -> (key: Unicode.Scalar, shift: Bool) {
        if let pair = pairs.first(where: { $0.1 == s }) { return (pair.0, true) }
        let lower = String(s).lowercased().unicodeScalars
        if lower.count == 1, let l = lower.first, l != s { return (l, true) }
        return (s, false)
    }
}
