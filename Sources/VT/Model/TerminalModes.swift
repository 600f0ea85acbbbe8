/// The modes a remote application can switch that change how Drover must talk back to it
/// (input encoding, replies) or how the screen behaves. Defaults are xterm's.
public struct TerminalModes: Hashable, Sendable {
    public var mouse = MouseModes()
    /// DECCKM (`?1`): cursor keys send `ESC O A` instead of `ESC [ A`.
    public var applicationCursorKeys = false
    /// DECKPAM / DECKPNM (`ESC =` / `ESC >`).
    public var applicationKeypad = false
    /// `?2004`: pasted text is wrapped in `ESC[200~` … `ESC[201~`.
    public var bracketedPaste = false
    /// `?1004`: focus in/out are reported as `ESC[I` / `ESC[O`.
    public var focusReporting = false
    /// `?2031`: a change of the colour scheme (dark/light) is reported as `CSI ? 997 ; 1|2 n`.
    public var colorSchemeReports = false
    /// `?1007`: on the alternate screen, the wheel sends cursor up/down when the mouse is not tracked.
    public var alternateScroll = false
    /// `?2026`: the remote is in the middle of a synchronized update.
    public var synchronizedOutput = false
    /// `?25` (DECTCEM).
    public var cursorVisible = true
    /// `?7` (DECAWM).
    public var autowrap = true
    /// `?6` (DECOM).
    public var origin = false
    /// `4` (IRM).
    public var insert = false
    /// `20` (LNM): LF also returns the carriage; Enter sends CR LF.
    public var newLine = false
    /// `?5` (DECSCNM).
    public var reverseVideo = false
    /// `?12`: the remote asked for a blinking cursor (reported back by DECRQM).
    public var cursorBlink = false
    /// `?42` (DECNRCM): designating a national set (`ESC ( K` …) takes effect.
    public var nationalReplacement = false
    /// `?45`: BS and CUB at the left margin wrap to the end of the previous line.
    public var reverseWraparound = false
    /// `?1045`: like `?45`, and the wrap continues from the top row to the bottom one.
    public var extendedReverseWraparound = false
    /// `?69` (DECLRMM): DECSLRM margins are honoured.
    public var leftRightMarginMode = false
    /// `?66` (DECNKM) mirrors `applicationKeypad`.
    /// `?1049`/`?1047`/`?47`: the alternate screen is shown.
    public var alternateScreen = false
    /// The kitty keyboard protocol's stacks and xterm's modifyOtherKeys.
    public var keyboard = KeyboardModes()

    /// The kitty keyboard flags of the screen shown.
    public var kittyKeyboardFlags: KittyKeyboardFlags { keyboard.kittyFlags(onAlternateScreen: alternateScreen) }

    public init() {}
}
