/// Keyboard modifiers, with the kitty keyboard protocol's bits (m = 1 + bits in its escape
/// codes). The low three are xterm's too. xterm has one more bit, 8, which it calls Meta and
/// kitty calls Super: legacy encodings send Super, Hyper and Meta alike as that bit, so a
/// terminal's `CSI 1;9A` (decoded as `.super`) goes on as it came.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)
    public static let `super` = KeyModifiers(rawValue: 8)
    public static let hyper = KeyModifiers(rawValue: 16)
    public static let meta = KeyModifiers(rawValue: 32)
    public static let capsLock = KeyModifiers(rawValue: 64)
    public static let numLock = KeyModifiers(rawValue: 128)

    /// The lock modifiers, which legacy encodings ignore.
    public static let locks: KeyModifiers = [.capsLock, .numLock]

    /// Super, Hyper or Meta: what xterm's fourth bit (its Meta) says.
    public var hasXtermMeta: Bool { rawValue & 0x38 != 0 }

    /// xterm's modifier parameter: 1 + shift, alt, ctrl and meta (2 = Shift, 3 = Alt, 5 = Ctrl,
    /// 9 = Meta, …); the locks are not said.
    public var xtermParameter: Int { 1 + Int(rawValue & 0x07) + (hasXtermMeta ? 8 : 0) }
}

/// A key that is not plain text.
public enum Key: Hashable, Sendable {
    /// A printable character or a control combination (`.character("c")` with `.control`).
    case character(Unicode.Scalar)
    case enter, tab, backspace, escape
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    /// F1–F24.
    case function(Int)
    /// Keypad keys (`0`–`9`, `.`, `+`, `-`, `*`, `/`, `=`, `,`, enter as "\r").
    case keypad(Character)
    /// A modifier key pressed on its own: sent only under kitty's report-all-keys flag.
    case modifier(ModifierKey)
}

public enum MouseButton: Hashable, Sendable {
    case left, middle, right
    /// Motion with no button held (any-event tracking).
    case none
    case wheelUp, wheelDown, wheelLeft, wheelRight
}

public enum MouseAction: Hashable, Sendable {
    case press, release, motion
}

/// A mouse event at a 1-based cell position (column 1 is the leftmost).
public struct MouseEvent: Hashable, Sendable {
    public var button: MouseButton
    public var action: MouseAction
    public var column: Int
    public var row: Int
    public var modifiers: KeyModifiers

    public init(button: MouseButton, action: MouseAction, column: Int, row: Int,
                modifiers: KeyModifiers = []) {
        self.button = button
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}

/// Something the person did at the local terminal, to be encoded for the remote's modes
/// by `InputEncoder` (Console decodes local bytes into these).
public enum InputEvent: Hashable, Sendable {
    case key(Key, KeyModifiers)
    /// A key the local terminal reported with more than `.key` says: a repeat or release, its
    /// own alternate keys or text (kitty's flags 2, 4, 16; ADR 0024, local side).
    case keyEvent(KeyEvent)
    /// Plain typed text (no modifiers).
    case text(String)
    case mouse(MouseEvent)
    case paste(String)
    /// true = focus gained.
    case focus(Bool)
}

extension InputEvent {
    /// The event as something that reads presses only (a question, the picker, history mode):
    /// a reported key as its press, a release as nothing.
    public var asPress: InputEvent? {
        guard case let .keyEvent(event) = self else { return self }
        return event.type == .release ? nil : .key(event.key, event.modifiers)
    }
}
