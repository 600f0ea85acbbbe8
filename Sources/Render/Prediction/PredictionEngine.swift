import TextSafety
import VT

/// Guesses the host's echo of typed keys so a slow link feels local (after the idea in
/// Winstein and Balakrishnan, "Mosh", USENIX ATC 2012; this design is Drover's own).
///
/// A pure value: keys and remote frames in, guesses out; the renderer paints the shown
/// guesses over the remote frame (`composed(onto:)`) and the emulator's screen stays the
/// host's truth. Every guess carries its key's epoch. A new epoch starts at Enter, at any key
/// the engine cannot predict, when the host moves the cursor by itself, after a wrong guess,
/// and at a key typed while no guess waits (the host's echo state may have changed unseen);
/// guesses of an epoch are drawn only once one of them has been confirmed by the host,
/// so the first key after a prompt (or at a password prompt, where nothing echoes) is never
/// drawn before the host answers. Drawn guesses are underlined: a guess never looks confirmed.
public struct PredictionEngine: Sendable {
    public var policy: PredictionPolicy
    /// Guesses not yet confirmed, in the order the keys were typed.
    public internal(set) var guesses: [PredictionGuess] = []
    public internal(set) var epoch: UInt64 = 1
    /// The newest epoch with a confirmed guess: guesses of this epoch are drawn.
    public internal(set) var confirmedEpoch: UInt64 = 0
    /// Counters for the status of a run and for tests.
    public internal(set) var confirmedCount = 0
    public internal(set) var withdrawnCount = 0
    /// Where the host's cursor should be once it has caught up with every key (nil: unknown).
    var expectedCursor: GridPoint?
    /// The row and first column of text typed in this epoch chain: backspace and left arrow
    /// are guessed only over what was typed, never over a prompt.
    var typedStart: GridPoint?
    /// A cursor that stayed put after a key until its guess ran out: typed keys do not echo
    /// there (a password prompt), so nothing is guessed while the host's cursor stays on it.
    public internal(set) var silentAt: GridPoint?
    /// On the alternate screen, the rows where the program has echoed a guessed key: only
    /// there are guesses drawn (a full-screen program rarely echoes where the cursor is).
    public internal(set) var echoRows: Set<Int> = []
    var alternateScreen = false

    public init(mode: PredictionMode = .auto) {
        policy = PredictionPolicy(mode: mode)
    }

    /// Whether a guess is drawn now.
    public func isShown(_ guess: PredictionGuess) -> Bool {
        guard policy.isOn, guess.epoch <= confirmedEpoch else { return false }
        return !alternateScreen || echoRows.contains(guess.cell.row)
    }

    /// When the first guess runs out (nil with nothing pending).
    public var deadline: ContinuousClock.Instant? {
        guesses.lazy.map { $0.madeAt + self.timeout(for: $0) }.min()
    }

    /// A drawn guess has 1.5 round trips to be confirmed. One not drawn harms nobody while it
    /// waits, so it gets at least `tentativeTimeout`: on a link slower than the first guess of
    /// the timeout (no sample yet), the first key's echo can still confirm it and be measured.
    func timeout(for guess: PredictionGuess) -> Duration {
        let drawn = policy.confirmationTimeout
        return isShown(guess) ? drawn : max(drawn, Self.tentativeTimeout)
    }

    public static let tentativeTimeout = Duration.seconds(5)

    /// Forgets every guess (a host switch, a resize, a redraw): the next key starts a new epoch.
    public mutating func reset() {
        guesses.removeAll()
        epoch += 1
        expectedCursor = nil
        typedStart = nil
    }

    // MARK: Keys

    /// `event` was sent to the host while `frame` (the remote screen, without guesses) was its
    /// latest known state. Records the guesses it makes, or starts a new epoch for a key that
    /// cannot be guessed.
    public mutating func typed(_ event: InputEvent, on frame: Frame, at now: ContinuousClock.Instant) {
        switch event {
        case .text(let text):
            for scalar in text.unicodeScalars { typeCharacter(scalar, on: frame, at: now) }
        case .key(.character(let scalar), let modifiers) where modifiers.subtracting(.shift).isEmpty:
            typeCharacter(scalar, on: frame, at: now)
        case .key(.backspace, []):
            typeBackspace(on: frame, at: now)
        case .key(.left, []):
            moveCursor(by: -1, on: frame, at: now)
        case .key(.right, []):
            moveCursor(by: 1, on: frame, at: now)
        case .key(.enter, []):
            typeEnter(on: frame, at: now)
        case .keyEvent(let key) where key.type == .release:
            return   // a release types nothing
        case .key(.modifier, _):
            return   // nor does Shift alone (reported under kitty's flag 8) before a capital
        case .keyEvent(let key):
            typed(.key(key.key, key.modifiers), on: frame, at: now)
        case .focus:
            return
        case .mouse(let mouse) where mouse.action == .motion:
            return
        default:
            unpredictable()
        }
    }

    /// The cursor the next key starts from: where the pending guesses leave it, else the host's.
    func predictedCursor(_ frame: Frame) -> GridPoint {
        guesses.last?.after ?? GridPoint(row: frame.cursorRow, column: frame.cursorColumn)
    }

    /// The content at `point` as predicted: the newest pending guess painting it, else the host's.
    func predictedContent(_ point: GridPoint, _ frame: Frame) -> UInt32 {
        if let guess = guesses.last(where: { $0.paintsCell && $0.cell == point }) { return guess.expected }
        return frame[point.row, point.column].content
    }

    /// A key with no safe guess: later keys belong to a new epoch, drawn only once confirmed.
    mutating func unpredictable() {
        epoch += 1
        typedStart = nil
    }

    /// Whether guessing at `cursor` is possible at all on `frame`.
    private func canGuess(at cursor: GridPoint, on frame: Frame) -> Bool {
        guard frame.cursorVisible, cursor.row >= 0, cursor.row < frame.rows,
              cursor.column >= 0, cursor.column < frame.columns else { return false }
        if let silentAt, silentAt == GridPoint(row: frame.cursorRow, column: frame.cursorColumn) { return false }
        return true
    }

    private mutating func typeCharacter(_ scalar: Unicode.Scalar, on frame: Frame, at now: ContinuousClock.Instant) {
        let cursor = predictedCursor(frame)
        // Printable, one column, not at the last column (where wrapping rules differ), and
        // only at the end of the line's text: typing into the middle shifts what follows.
        guard scalar.value >= 0x20, scalar.value != 0x7F, !(0x80..<0xA0).contains(scalar.value),
              CharacterWidth.of(scalar) == 1, canGuess(at: cursor, on: frame),
              cursor.column < frame.columns - 1, restIsBlank(from: cursor, frame),
              frame[cursor.row, cursor.column].width == 1 else {
            unpredictable()
            return
        }
        if typedStart?.row != cursor.row { typedStart = cursor }
        let after = GridPoint(row: cursor.row, column: cursor.column + 1)
        append(.character(scalar.value), cell: cursor, before: cursor, after: after, frame: frame, at: now)
    }

    private mutating func typeBackspace(on frame: Frame, at now: ContinuousClock.Instant) {
        let cursor = predictedCursor(frame)
        guard canGuess(at: cursor, on: frame), let start = typedStart, start.row == cursor.row,
              cursor.column > start.column, restIsBlank(from: cursor, frame) else {
            unpredictable()
            return
        }
        let target = GridPoint(row: cursor.row, column: cursor.column - 1)
        append(.erase, cell: target, before: cursor, after: target, frame: frame, at: now)
    }

    private mutating func moveCursor(by step: Int, on frame: Frame, at now: ContinuousClock.Instant) {
        let cursor = predictedCursor(frame)
        let target = GridPoint(row: cursor.row, column: cursor.column + step)
        guard canGuess(at: cursor, on: frame), let start = typedStart, start.row == cursor.row,
              target.column >= start.column, target.column < frame.columns - 1 else {
            unpredictable()
            return
        }
        // Right moves only over typed text, never past its end.
        if step > 0, GridPoint.blank(predictedContent(cursor, frame)) {
            unpredictable()
            return
        }
        append(.cursor, cell: cursor, before: cursor, after: target, frame: frame, at: now)
    }

    private mutating func typeEnter(on frame: Frame, at now: ContinuousClock.Instant) {
        let cursor = predictedCursor(frame)
        // Not on the last row (the screen would scroll) nor on the alternate screen.
        if canGuess(at: cursor, on: frame), !frame.alternateScreen, cursor.row < frame.rows - 1 {
            let next = GridPoint(row: cursor.row + 1, column: 0)
            append(.newline, cell: cursor, before: cursor, after: next, frame: frame, at: now)
        }
        unpredictable()
    }

    /// True when nothing is (predicted to be) written from `point` to the end of its row.
    private func restIsBlank(from point: GridPoint, _ frame: Frame) -> Bool {
        (point.column..<frame.columns).allSatisfy {
            GridPoint.blank(predictedContent(GridPoint(row: point.row, column: $0), frame))
        }
    }

    private mutating func append(_ kind: PredictionGuess.Kind, cell: GridPoint, before: GridPoint, after: GridPoint,
                                 frame: Frame, at now: ContinuousClock.Instant) {
        // The host has echoed every key so far: whether it still echoes is not known (a
        // program may have turned echo off without a word), so this key starts an epoch of
        // its own and is drawn only once the host echoes it (ADR 0015).
        if guesses.isEmpty { epoch += 1 }
        let original = frame[cell.row, cell.column].content
        guesses.append(PredictionGuess(kind: kind, cell: cell, original: original, before: before,
                                       after: after, epoch: epoch, madeAt: now))
        // A bound on pending work: a host that stops answering cannot make the list grow for ever.
        if guesses.count > Self.maximumPending { withdrawAll() }
    }

    /// At most this many guesses wait at once (a screen line and more).
    public static let maximumPending = 512
}

extension GridPoint {
    static func blank(_ content: UInt32) -> Bool { content == 0 || content == 0x20 }
}
