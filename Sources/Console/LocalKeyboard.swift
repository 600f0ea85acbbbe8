/// What the local terminal's keyboard can report and what Drover has turned on in it, so it
/// can be turned off again exactly (ADR 0024, local side).
///
/// At attach Drover asks `ConsoleSequences.keyboardProbe`; the answers arrive through the input
/// decoder (`learn`), or nothing arrives and `probeEnded` settles it after a short bound (a
/// late DA1 settles it again with the answers before it). While
/// the host in front wants more than legacy keys, `transition(wanted:kittyFlags:)` gives the
/// bytes that turn the local terminal's matching mode on (kitty: the host's own flags, so its
/// releases, repeats, lone modifiers, alternates and text are reported), change it when the
/// host's flags change, and turn it off; `undo` is what is on now, for the restore at exit and
/// in a signal handler. Pure: it never writes.
public struct LocalKeyboard: Sendable, Equatable {
    /// What the local terminal said it has.
    public enum Support: Sendable, Equatable {
        /// The probe has not ended: nothing is turned on yet.
        case unknown
        /// It answered `CSI ? u`: kitty flags are pushed.
        case kitty
        /// It answered XTQMODKEYS: modifyOtherKeys 2 is set, and put back to `previous` after.
        case modifyOtherKeys(previous: Int)
        /// Neither: modifyOtherKeys 2 is still asked for (tmux with `extended-keys` honours
        /// it without saying so), but keys may arrive in legacy form.
        case none
    }

    /// The local mode Drover has turned on.
    public enum Mode: Sendable, Equatable {
        case legacy
        /// `CSI > flags u` pushed (one entry on the terminal's stack; later changes of the
        /// flags replace that entry with `CSI = flags ; 1 u`, so one pop still undoes it).
        case kittyFlags(Int)
        /// `CSI > 4 ; 2 m` set.
        case modifyOtherKeys
    }

    /// The kitty flags Drover decodes (`KeyReport`) and re-encodes (`InputEncoder`): all five
    /// defined ones. A host's other bits are not asked of the local terminal.
    public static let decodedKittyFlags = 31
    /// What is pushed for a host that asked for modifyOtherKeys only: disambiguate, which makes
    /// every modified key, Escape and the keypad with modifiers say itself.
    public static let disambiguateOnly = 1
    /// Added to what is pushed when the host asks for event types (2): all keys as escapes (8)
    /// with their text (16). Without 8, kitty (0.26) reports Enter's, Tab's and Backspace's
    /// releases as their legacy bytes, which cannot be told from a second press (`\r\r`).
    public static let withEventTypes = 8 | 16

    public private(set) var support: Support = .unknown
    public private(set) var mode: Mode = .legacy
    /// The kitty answer came (before DA1, which ends the probe).
    private var kittyAnswered = false
    private var modifyOtherKeysAnswer: Int?
    /// DA1 came: the answers are complete, and later ones are not answers to the probe.
    private var answered = false
    /// The probe goes out with the next bytes (`takeBytes`).
    private var probeDue = false
    /// The note on what is lost without a protocol was given (it is given once per run).
    private var noteGiven = false

    public init() {}

    /// Puts the probe (`ConsoleSequences.keyboardProbe`) at the head of the next `takeBytes`.
    public mutating func sendProbe() {
        probeDue = true
    }

    /// The bytes for the head of the next frame: the probe when due, then `transition(wanted:)`.
    public mutating func takeBytes(wanted: Bool, kittyFlags: Int = 0) -> [UInt8] {
        let probe = probeDue ? ConsoleSequences.keyboardProbe : []
        probeDue = false
        return probe + transition(wanted: wanted, kittyFlags: kittyFlags)
    }

    /// True the first time the host wants more than legacy keys from a terminal that said it
    /// has no keyboard protocol: then, once, the person is told what is lost.
    public mutating func noteDue(wanted: Bool) -> Bool {
        guard wanted, support == .none, !noteGiven else { return false }
        noteGiven = true
        return true
    }

    /// Takes one answer to the probe. DA1 comes last: it settles what the terminal has, also
    /// after the bound settled it first (a slow terminal's answers still count when they come).
    public mutating func learn(_ reply: LocalTerminalReply) {
        guard !answered else { return }
        switch reply {
        case .kittyKeyboardFlags: kittyAnswered = true
        case .modifyOtherKeys(let value): modifyOtherKeysAnswer = value
        case .primaryDeviceAttributes:
            answered = true
            settle()
        case .dynamicColor, .paletteColor, .cellPixelSize, .colorScheme:
            break   // the appearance's (`LocalAppearance`)
        }
    }

    /// The bound passed: settles the probe with what has come, unless DA1 already did.
    public mutating func probeEnded() {
        if support == .unknown { settle() }
    }

    private mutating func settle() {
        if kittyAnswered {
            support = .kitty
        } else if let previous = modifyOtherKeysAnswer {
            support = .modifyOtherKeys(previous: previous)
        } else {
            support = .none
        }
    }

    /// Bytes that take the local terminal to the mode for `wanted` (the front host asks for
    /// more than legacy keys, and Drover is not in history mode) with the host's `kittyFlags`
    /// (masked to `decodedKittyFlags`; none, a modifyOtherKeys host: `disambiguateOnly`); empty
    /// when it is there or the probe has not ended; with event types, `withEventTypes` too. New flags over pushed ones replace the
    /// pushed entry in place (`CSI = flags ; 1 u`): the stack stays one entry deep.
    public mutating func transition(wanted: Bool, kittyFlags: Int = 0) -> [UInt8] {
        guard support != .unknown else { return [] }
        var flags = kittyFlags & Self.decodedKittyFlags
        if flags & 2 != 0 { flags |= Self.withEventTypes }
        let target: Mode = !wanted ? .legacy
            : (support == .kitty ? .kittyFlags(flags == 0 ? Self.disambiguateOnly : flags) : .modifyOtherKeys)
        guard target != mode else { return [] }
        if case .kittyFlags = mode, case .kittyFlags(let new) = target {
            mode = target
            return Array("\u{1B}[=\(new);1u".utf8)
        }
        let bytes = undo + Self.enable(target)
        mode = target
        return bytes
    }

    /// What turns off the mode that is on: pops exactly the one kitty entry pushed, or puts
    /// modifyOtherKeys back to what the terminal said it was (its reset, `CSI > 4 m`, when it
    /// did not say).
    public var undo: [UInt8] {
        switch mode {
        case .legacy: return []
        case .kittyFlags: return Array("\u{1B}[<1u".utf8)
        case .modifyOtherKeys:
            if case .modifyOtherKeys(let previous) = support, previous > 0 {
                return Array("\u{1B}[>4;\(previous)m".utf8)
            }
            return Array("\u{1B}[>4m".utf8)
        }
    }

    private static func enable(_ mode: Mode) -> [UInt8] {
        switch mode {
        case .legacy: return []
        case .kittyFlags(let flags): return Array("\u{1B}[>\(flags)u".utf8)
        case .modifyOtherKeys: return Array("\u{1B}[>4;2m".utf8)
        }
    }
}
