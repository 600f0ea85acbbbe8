import Console
import Render

/// The front host's status line, computed when a frame is drawn from what the run knows at
/// that moment (nothing pushes text into the overlay). A value and a pure function of it, so
/// its texts are tested without a loop or a host (`StatusLineTests`).
struct StatusLine: Equatable, Sendable {
    /// Shown for a moment after a switch or a note ("mac (2/3)"), first.
    var banner: String?
    /// Hidden hosts that want the person ("pi: bell · mac: 2 bells").
    var alerts: String?
    /// Why the recording stopped.
    var recorderFailure: String?
    /// What waits to be sent to the host in front ("12 typed bytes wait").
    var pending: String?
    /// The front host's state ("reconnecting in 3 s (connection refused)"); nil while attached.
    var state: String?
    /// The front host's forwards ("2 forwards"): only beside something the line says anyway.
    var forwards: String?
    /// The round trip while typed keys are guessed ("RTT 212 ms"), likewise only as an extra.
    var prediction: String?

    static let separator = " · "

    /// The text for a screen `width` columns wide, or nil when there is nothing to say (an
    /// attached host keeps its last row). The state, which carries the reason, stays last and
    /// whole as long as it can: when the line is too long the extras go first (the round
    /// trip, the forwards, the hidden hosts' marks), then the line is cut at a word boundary
    /// with "…" rather than in the middle of a word.
    func text(width: Int) -> String? {
        guard says else { return nil }
        return oneRow(width: width) ?? Self.cut(essential, width: width)
    }

    /// The rows to draw at the bottom of a screen `width` columns wide, at most `rows` of them
    /// (nil: nothing to say). A line that fits one row, extras given way as in `text`, is one
    /// row; a longer one wraps at spaces into more rows rather than losing its end (a reason
    /// is often the last thing said); only past `rows` is the last row cut, and it then says
    /// which key shows the whole text (the key help box carries it, `wholeText`).
    func lines(width: Int, rows: Int) -> [String]? {
        guard says else { return nil }
        if let line = oneRow(width: width) { return [line] }
        let wrapped = Overlay.wrap(essential, width: max(width, 1))
        guard wrapped.count > max(rows, 1) else { return wrapped }
        let kept = Array(wrapped.prefix(max(rows, 1) - 1))
        let rest = wrapped.dropFirst(kept.count).joined(separator: " ")
        let hint = Self.moreHint
        guard width >= hint.count + 12 else { return kept + [Self.cut(rest, width: width)] }
        return kept + [Self.cut(rest, width: width - hint.count) + hint]
    }

    /// How a cut line's last row ends: the key whose help box shows the whole text.
    static var moreHint: String { " (\(PrefixKeyHandler.keys(for: .help)) shows all)" }

    /// Everything the line would say with room enough (nil: nothing), for the key help box.
    var wholeText: String? {
        says ? Self.joined(tries[0]) : nil
    }

    /// Whether any part that is shown on its own has something to say.
    private var says: Bool {
        [banner, alerts, recorderFailure, pending, state].contains { $0 != nil }
    }

    /// The ways to say it, longest first: each drops extras the one before kept.
    private var tries: [[String?]] {
        var tries: [[String?]] = [
            [banner, alerts, recorderFailure, pending, forwards, state, prediction],
            [banner, alerts, recorderFailure, pending, forwards, state],
            [banner, alerts, recorderFailure, pending, state],
        ]
        // The marks go last, unless they are all the line says.
        if [banner, recorderFailure, pending, state].contains(where: { $0 != nil }) {
            tries.append([banner, recorderFailure, pending, state])
        }
        return tries
    }

    /// What is left when every extra has given way.
    private var essential: String {
        Self.joined(tries[tries.count - 1])
    }

    /// The first try that fits one row of `width`, if any.
    private func oneRow(width: Int) -> String? {
        tries.lazy.map(Self.joined).first { $0.count <= width }
    }

    /// The parts in order; one an earlier part already says (the banner "… (RTT 35 ms)" and
    /// the round trip beside it) is said once.
    private static func joined(_ parts: [String?]) -> String {
        parts.compactMap { $0 }.reduce(into: [String]()) { said, part in
            if !said.contains(where: { $0.contains(part) }) { said.append(part) }
        }.joined(separator: separator)
    }

    /// `line` shortened to `width` at the last space that fits, ending in "…".
    static func cut(_ line: String, width: Int) -> String {
        guard line.count > width, width > 1 else { return String(line.prefix(max(width, 0))) }
        let head = line.prefix(width - 1)
        guard let space = head.lastIndex(of: " "), space > head.startIndex else { return head + "…" }
        let words = head[..<space]
        let trimmed = words.hasSuffix(" ·") ? words.dropLast(2) : words
        return trimmed + "…"
    }
}

extension StatusLine {
    /// A note shown for a moment ahead of the state; it is gone from frames drawn after `until`.
    struct Banner: Equatable, Sendable {
        let text: String
        private(set) var until: ContinuousClock.Instant

        /// How long it stays: long enough to be read (a short note two seconds, then about
        /// 200 words a minute more), but a long one is not left up for ever: its whole text
        /// stays in the key help box after.
        let shownFor: Duration

        init(_ text: String, from now: ContinuousClock.Instant) {
            self.text = text
            self.shownFor = Self.shownFor(text)
            self.until = now.advanced(by: shownFor)
        }

        /// Two seconds and 0.3 s a word, at most eight seconds.
        static func shownFor(_ text: String) -> Duration {
            let words = text.split(whereSeparator: \.isWhitespace).count
            return min(.seconds(2) + .milliseconds(300) * words, .seconds(8))
        }

        /// Whether it was drawn cut (`markCut`): once it goes, the line says for a while
        /// which key shows it whole.
        private(set) var wasCut = false

        /// How long the line says, after a cut banner went, which key shows it whole.
        static let reminderFor = Duration.seconds(8)

        /// The banner was drawn cut (the line's last row ended in `moreHint`).
        mutating func markCut() {
            wasCut = true
        }

        /// Gone at once, with no reminder (a key was typed on the row it covers); its text
        /// stays the help box's last message.
        mutating func giveWay(at now: ContinuousClock.Instant) {
            until = min(until, now)
            wasCut = false
        }

        /// Whether its own text is still up at `now`.
        func isUp(at now: ContinuousClock.Instant) -> Bool {
            now < until
        }

        /// The text while the banner is still up at `now`; after a cut one, for `reminderFor`,
        /// which key shows it whole (the help box's "Last message").
        func text(at now: ContinuousClock.Instant) -> String? {
            if now < until { return text }
            guard wasCut, now < until.advanced(by: Self.reminderFor) else { return nil }
            return "\(PrefixKeyHandler.keys(for: .help)) shows the last message"
        }
    }
}
