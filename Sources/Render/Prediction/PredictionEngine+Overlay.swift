import VT

/// Painting the shown guesses over a remote frame: the layer the renderer composes before it
/// diffs, so taking a guess away is an ordinary diff back to the host's cells.
extension PredictionEngine {
    /// Whether anything is drawn over the host's frame now.
    public var hasShownGuesses: Bool { guesses.contains(where: isShown) }

    /// `frame` with the shown guesses painted on it, underlined (a guess never looks like the
    /// host's answer), and the cursor where the last shown guess leaves it.
    public func composed(onto frame: Frame) -> Frame {
        var result = frame
        var cursor: GridPoint?
        for guess in guesses where isShown(guess) {
            guard guess.cell.row < frame.rows, guess.cell.column < frame.columns,
                  guess.after.row < frame.rows, guess.after.column < frame.columns else { continue }
            if guess.paintsCell {
                // The pen of the text before it, so typed text looks like the line it joins.
                var attributes = guess.cell.column > 0
                    ? result[guess.cell.row, guess.cell.column - 1].attributes
                    : result[guess.cell.row, guess.cell.column].attributes
                attributes.underline = .single
                attributes.link = 0
                result[guess.cell.row, guess.cell.column] = Cell(content: guess.expected, width: 1, attributes: attributes)
            }
            cursor = guess.after
        }
        if let cursor {
            result.cursorRow = cursor.row
            result.cursorColumn = cursor.column
        }
        return result
    }
}
