import VT

/// The local terminal's side of colours, size, focus and colour scheme (issue 27, ADR 0029):
/// what it answered to the probe (`LocalAppearance`), and the report modes that follow the host
/// in front (`ReportModes`). A colour-scheme change report makes it ask the colours again (the
/// theme changed them), with the next frame.
final class AppearanceMirror {
    private(set) var appearance = LocalAppearance()
    private var reports = ReportModes()
    /// `ConsoleSequences.appearanceQueries` go out with the next frame.
    private var queriesDue = false

    /// What the replies decoded from local input changed.
    struct Learned: Equatable {
        /// The appearance the hosts are told changed.
        var changed = false
        /// The terminal reported its colour scheme: dark (true) or light.
        var schemeReport: Bool?
    }

    func learn(_ replies: [LocalTerminalReply]) -> Learned {
        var learned = Learned()
        for reply in replies {
            if appearance.learn(reply) { learned.changed = true }
            if case .colorScheme(let dark) = reply {
                learned.schemeReport = dark
                queriesDue = true
            }
        }
        return learned
    }

    /// The window's pixel size (TIOCGWINSZ) as a cell size, unless 16t answered; true when taken.
    func learnWindowPixels(width: Int, height: Int, columns: Int, rows: Int) -> Bool {
        appearance.learnWindowPixels(width: width, height: height, columns: columns, rows: rows)
    }

    /// The bytes for the head of the next frame: the colour queries again when due, then the
    /// report modes the front host has on.
    func takeBytes(focus: Bool, colorScheme: Bool) -> [UInt8] {
        let queries = queriesDue ? ConsoleSequences.appearanceQueries : []
        queriesDue = false
        return queries + reports.transition(focus: focus, colorScheme: colorScheme)
    }
}
