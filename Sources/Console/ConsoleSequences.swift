/// The byte strings Drover writes to the local terminal when it takes it over and when it
/// gives it back.
public enum ConsoleSequences {
    /// Saves the title, enters the alternate screen, turns on mouse reporting (click, drag and
    /// any motion, SGR-encoded) and bracketed paste. Focus and colour-scheme reports follow the
    /// host in front (`ReportModes`).
    public static let enter: [UInt8] = Array((
        "\u{1B}[22;0t" + "\u{1B}[?1049h" +
        "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1003h\u{1B}[?1006h" +
        "\u{1B}[?2004h"
    ).utf8)

    /// Undoes everything Drover may have changed. CAN first: it cancels an escape sequence a
    /// frame cut short at exit (or by a signal) left open, so the rest is read as sequences.
    /// Then synchronized output, colour-scheme reports, focus, paste and mouse
    /// modes off, any hyperlink closed, scroll margins, SGR, reverse video and cursor shape
    /// reset, cursor shown, alternate screen left (which restores the cursor) and the title
    /// restored. Safe to write more than once.
    public static let restore: [UInt8] = Array((
        "\u{18}\u{1B}[?2026l\u{1B}[?2031l\u{1B}[?1004l\u{1B}[?2004l" +
        "\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l" +
        "\u{1B}]8;;\u{1B}\\\u{1B}[r\u{1B}[m\u{1B}[?5l\u{1B}[0 q\u{1B}[?25h" +
        "\u{1B}[?1049l\u{1B}[23;0t"
    ).utf8)

    /// Asks the local terminal what keyboard reporting it has and what it looks like, in one
    /// round trip: kitty's `CSI ? u`, xterm's XTQMODKEYS `CSI ? 4 m`, `appearanceQueries`, then
    /// DA1, which every terminal answers. An answer to either of the first two before DA1's says
    /// the terminal has that protocol (`LocalKeyboard`); the colours and cell size are what the
    /// hosts' queries are answered with (`LocalAppearance`); terminals ignore what they do not know.
    public static let keyboardProbe: [UInt8] = Array("\u{1B}[?u\u{1B}[?4m".utf8) + appearanceQueries
        + Array("\u{1B}[c".utf8)

    /// The colour queries (OSC 10, 11, 12 and OSC 4 for palette entries 0–15, ended by ST, so
    /// the answers are too, and a terminal that knows no OSC never sees a BEL it would ring) and
    /// XTWINOPS 16t, the cell size in pixels. Asked again when the terminal reports a new colour
    /// scheme.
    public static let appearanceQueries: [UInt8] = Array((
        "\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\\u{1B}]12;?\u{1B}\\"
            + (0..<16).map { "\u{1B}]4;\($0);?\u{1B}\\" }.joined()
            + "\u{1B}[16t"
    ).utf8)
}
