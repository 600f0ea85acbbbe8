import VT

/// Checking guesses against the host's frames: confirmed, wrong, or out of time.
extension PredictionEngine {
    /// What one remote frame did to the guesses.
    public enum Outcome: Equatable, Sendable {
        case unchanged
        /// Some guesses were confirmed (the host's echo is on screen now).
        case confirmed
        /// Guesses were withdrawn (the host drew something else, or its cursor went elsewhere).
        case withdrawn
    }

    /// A new frame from the host (the emulator's screen, never with guesses on it). Confirms
    /// what it shows, withdraws every guess when it contradicts one, and feeds the round trip
    /// of the newest confirmed key into the policy.
    @discardableResult
    public mutating func remoteChanged(_ frame: Frame, at now: ContinuousClock.Instant) -> Outcome {
        let cursor = GridPoint(row: frame.cursorRow, column: frame.cursorColumn)
        if frame.alternateScreen != alternateScreen {
            alternateScreen = frame.alternateScreen
            echoRows.removeAll()
            if !guesses.isEmpty { withdrawAll(); return .withdrawn }
            unpredictable()
        }
        if let silentAt, silentAt != cursor { self.silentAt = nil }
        guard !guesses.isEmpty else {
            // The host moved the cursor by itself: what follows is a new epoch.
            if let expectedCursor, expectedCursor != cursor {
                self.expectedCursor = nil
                unpredictable()
            }
            return .unchanged
        }
        guard frame.rows > 0, guesses.allSatisfy({ inside($0, frame) }) else {
            withdrawAll()
            return .withdrawn
        }
        var outcome = Outcome.unchanged
        if let newest = guesses.indices.last(where: { confirms(frame, cursor: cursor, upTo: $0) }) {
            let guess = guesses[newest]
            confirmedEpoch = max(confirmedEpoch, guess.epoch)
            confirmedCount += newest + 1
            if frame.alternateScreen, guess.paintsCell { echoRows.insert(guess.cell.row) }
            expectedCursor = guess.after
            guesses.removeFirst(newest + 1)
            policy.record(roundTrip: now - guess.madeAt)
            outcome = .confirmed
        }
        if guesses.contains(where: { isContradicted($0, by: frame) }) || !cursorFits(cursor) {
            withdrawAll()
            return .withdrawn
        }
        return outcome
    }

    /// A guess has waited its time (1.5 round trips when drawn) without its echo: the host
    /// echoes nothing (or something we cannot see), so every guess goes and the next key starts
    /// a new epoch. A first guess whose cursor never moved marks a prompt that does not echo.
    @discardableResult
    public mutating func expire(at now: ContinuousClock.Instant, cursor: GridPoint? = nil) -> Bool {
        guard let deadline, now >= deadline, let first = guesses.first else { return false }
        if let cursor, cursor == first.before { silentAt = cursor }
        withdrawAll()
        return true
    }

    /// Withdraws every pending guess (the screen shows the host's truth again) and backs off:
    /// nothing is drawn until a guess of the new epoch is confirmed.
    mutating func withdrawAll() {
        withdrawnCount += guesses.count
        guesses.removeAll()
        expectedCursor = nil
        unpredictable()
    }

    private func inside(_ guess: PredictionGuess, _ frame: Frame) -> Bool {
        guess.cell.row < frame.rows && guess.cell.column < frame.columns
            && guess.after.row < frame.rows && guess.after.column < frame.columns
    }

    /// The host shows the guess's effect. A character that was already there counts only once
    /// the host's cursor has reached the place the key leaves it at.
    private func isConfirmed(_ guess: PredictionGuess, by frame: Frame, cursor: GridPoint) -> Bool {
        switch guess.kind {
        case .character, .erase:
            let content = frame[guess.cell.row, guess.cell.column].content
            guard PredictionGuess.same(content, guess.expected) else { return false }
            guard PredictionGuess.same(guess.original, guess.expected) else { return true }
            // The cell looked like this before the key (a space typed over a blank): only the
            // host's cursor reaching the guess's end shows the key was handled.
            if guess.kind == .erase { return cursor == guess.after }
            return (cursor.row, cursor.column) >= (guess.after.row, guess.after.column)
        case .cursor:
            return cursor == guess.after
        case .newline:
            return cursor.row != guess.before.row
        }
    }

    /// Guess `index` is confirmed, and so (the host handles keys in order) every guess before
    /// it; a cursor-only guess also needs every character before it on screen, since a cursor
    /// position alone is often passed through on the way.
    private func confirms(_ frame: Frame, cursor: GridPoint, upTo index: Int) -> Bool {
        guard isConfirmed(guesses[index], by: frame, cursor: cursor) else { return false }
        guard guesses[index].kind == .cursor else { return true }
        return guesses[..<index].allSatisfy { guess in
            !guess.paintsCell
                || PredictionGuess.same(frame[guess.cell.row, guess.cell.column].content, guess.expected)
        }
    }

    /// The host drew something at the guess's cell that is neither what was there nor the guess.
    private func isContradicted(_ guess: PredictionGuess, by frame: Frame) -> Bool {
        guard guess.paintsCell else { return false }
        let content = frame[guess.cell.row, guess.cell.column].content
        return !PredictionGuess.same(content, guess.original) && !PredictionGuess.same(content, guess.expected)
    }

    /// With guesses pending, the host's cursor should be where one of the keys left it (or
    /// where the first one started); anywhere else means it did something we did not predict.
    private func cursorFits(_ cursor: GridPoint) -> Bool {
        guard let first = guesses.first else { return true }
        return cursor == first.before || guesses.contains { $0.after == cursor || $0.before == cursor }
    }
}
