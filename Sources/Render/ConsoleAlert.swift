import VT

/// Something for the person rather than the screen, written by the renderer after a frame:
/// the bell, a clipboard write (OSC 52) or a desktop notification (OSC 777, OSC 9 or OSC 99). Remote
/// bytes never pass through: the clipboard text is encoded afresh, notification text is
/// sanitised, and each signal is one complete sequence.
public enum ConsoleAlert: Equatable, Sendable {
    case bell
    /// Checked text (`ClipboardRequest`) for the local clipboard.
    case clipboard([UInt8])
    case notification(title: String, body: String)

    /// How the local terminal takes desktop notifications (ADR 0029).
    public enum NotificationStyle: Equatable, Sendable {
        /// `OSC 777 ; notify ; title ; body` (Ghostty, WezTerm, foot).
        case osc777
        /// `OSC 9 ; text` (iTerm2).
        case osc9
        /// kitty's `OSC 99`, title and body as two pieces of one notification.
        case osc99
        /// A terminal with no such sequence (plain xterm): the bell, and the text in the
        /// status line (`AlertCentre`).
        case bell

        /// By Drover's own environment, as herdr tells terminals apart (`TERM_PROGRAM` first,
        /// then kitty's `KITTY_WINDOW_ID`, then `TERM`); a terminal it does not know gets
        /// `.bell`, since an unknown OSC would show nothing.
        public static func detect(environment: [String: String]) -> NotificationStyle {
            let term = environment["TERM"] ?? ""
            switch environment["TERM_PROGRAM"] {
            case "iTerm.app": return .osc9
            case "ghostty", "WezTerm": return .osc777
            // tmux passes none of them on, though the outer terminal's variables (a kitty
            // window's KITTY_WINDOW_ID) are still set inside it.
            case "tmux": return .bell
            default: break
            }
            if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" { return .osc99 }
            if term == "xterm-ghostty" || term.contains("wezterm") || term.hasPrefix("foot") { return .osc777 }
            return .bell
        }

        /// Whether the terminal shows a desktop notification at all (not `.bell`).
        public var isDesktop: Bool { self != .bell }
    }

    /// Longest title and body written, in Unicode scalars each.
    public static let maximumNotificationText = 200

    /// The bytes for the local terminal.
    public func encoded(style: NotificationStyle) -> [UInt8] {
        switch self {
        case .bell:
            return [0x07]
        case .clipboard(let text):
            return Array("\u{1B}]52;c;".utf8) + Base64.encode(text) + [0x1B, 0x5C]
        case .notification(let title, let body):
            let title = Self.clean(title), body = Self.clean(body)
            switch style {
            case .osc777:
                // The title ends at the first ';', so it may not hold one.
                let safeTitle = title.replacingSemicolons
                return Array("\u{1B}]777;notify;\(safeTitle);\(body)\u{1B}\\".utf8)
            case .osc9:
                return Array("\u{1B}]9;\(body.isEmpty ? title : "\(title): \(body)")\u{1B}\\".utf8)
            case .osc99:
                // One identifier per title (per host), so a host's newer notification replaces its last.
                let id = "drover-" + String(Self.fnv1a(title), radix: 16)
                return Array("\u{1B}]99;i=\(id):d=0;\(title)\u{1B}\\\u{1B}]99;i=\(id):p=body;\(body)\u{1B}\\".utf8)
            case .bell:
                return [0x07]
            }
        }
    }

    /// A short stable number for a text (FNV-1a, 32 bits).
    static func fnv1a(_ text: String) -> UInt32 {
        text.utf8.reduce(2_166_136_261 as UInt32) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }

    /// Without controls or bidi marks (`TextSanitizer.title`), cut to the longest text written.
    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(TextSanitizer.title(text).unicodeScalars.prefix(maximumNotificationText)))
    }
}

private extension String {
    var replacingSemicolons: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == ";" ? "," : $0 }))
    }
}
