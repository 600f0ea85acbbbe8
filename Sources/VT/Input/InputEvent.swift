/// Keyboard modifiers, as xterm numbers them in `CSI 1;m X` (m = 1 + bits).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)
    public static let meta = KeyModifiers(rawValue: 8)

    /// xterm's modifier parameter: 1 + the bits (2 = Shift, 3 = Alt, 5 = Ctrl, …).
    public var xtermParameter: Int { 1 + Int(rawValue) }
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
    /// Keypad keys (`0`–`9`, `.`, `+`, `-`, `*`, `/`, `=`, enter as "\r").
    case keypad(Character)
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
    /// Plain typed text (no modifiers).
    case text(String)
    case mouse(MouseEvent)
    case paste(String)
    /// true = focus gained.
    case focus(Bool)
}
