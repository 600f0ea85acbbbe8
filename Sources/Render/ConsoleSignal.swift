import VT

/// Something for the person rather than the screen, written by the renderer after a frame:
/// the bell, a clipboard write (OSC 52) or a desktop notification (OSC 777 or OSC 9). Remote
/// bytes never pass through: the clipboard text is encoded afresh, notification text is
/// sanitised, and each signal is one complete sequence.
public enum ConsoleSignal: Equatable, Sendable {
    case bell
    /// Checked text (`ClipboardRequest`) for the local clipboard.
    case clipboard([UInt8])
    case notification(title: String, body: String)

    /// How the local terminal takes desktop notifications.
    public enum NotificationStyle: Equatable, Sendable {
        /// `OSC 777 ; notify ; title ; body` (foot, WezTerm, Ghostty, urxvt, VTE).
        case osc777
        /// `OSC 9 ; text` (iTerm2, kitty, Windows Terminal).
        case osc9

        /// OSC 9 where the terminal says it is iTerm2 or kitty, else OSC 777.
        public static func detect(environment: [String: String]) -> NotificationStyle {
            if environment["TERM_PROGRAM"] == "iTerm.app" || environment["TERM"] == "xterm-kitty" { return .osc9 }
            return .osc777
        }
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
            }
        }
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
