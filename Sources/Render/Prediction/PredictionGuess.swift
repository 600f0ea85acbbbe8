import VT

/// A place on the screen, 0-based (the engine's own, public so tests can name positions).
public struct GridPoint: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// What one typed key is expected to do to the remote screen. A guess is a claim about the
/// host's next frames, checked against them: it is never the screen's truth, only drawn over it.
public struct PredictionGuess: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A printable character written at `cell`, the cursor one to the right.
        case character(UInt32)
        /// Backspace at the end of a line: `cell` blanked, the cursor on it.
        case erase
        /// Left or right arrow: only the cursor moves.
        case cursor
        /// Enter: the cursor goes to the start of the next row.
        case newline
    }

    public var kind: Kind
    /// The cell the guess paints (characters and erases; for the others, the cursor before).
    public var cell: GridPoint
    /// The remote's cell there when the key was typed: the screen changing away from it to
    /// anything but the guess means the guess was wrong.
    public var original: UInt32
    /// The predicted cursor before and after the key.
    public var before: GridPoint
    public var after: GridPoint
    /// The epoch of the key: all guesses of one epoch are shown, confirmed or withdrawn together.
    public var epoch: UInt64
    public var madeAt: ContinuousClock.Instant

    /// Whether the guess paints a cell (the others only move the cursor).
    public var paintsCell: Bool {
        switch kind {
        case .character, .erase: return true
        case .cursor, .newline: return false
        }
    }

    /// The content the guess expects at `cell` (a blank for an erase).
    public var expected: UInt32 {
        if case .character(let scalar) = kind { return scalar }
        return 0
    }

    /// An erased cell and a written space look the same: compare them as one.
    static func same(_ a: UInt32, _ b: UInt32) -> Bool {
        (a == 0x20 ? 0 : a) == (b == 0x20 ? 0 : b)
    }
}
