import Loop
import VT

/// Where the local terminal's keyboard state is kept for the exit (`ConsoleSession`): what
/// turns off the mode Drover turned on, and whether the probe's answer is still on its way.
public protocol LocalKeyboardKeeper: AnyObject {
    var keyboardUndo: [UInt8] { get set }
    var awaitsProbeAnswer: Bool { get set }
}

extension ConsoleSession: LocalKeyboardKeeper {}

/// The local terminal's keyboard mode mirrors the host in front (ADR 0024, local side): the
/// probe that learns what the terminal can report, the mode it is in, and the bytes that bring
/// it to what the front view wants, which ride on the next frame so they reach the terminal in
/// order with what is drawn. After each change the keeper hears what would turn the mode off
/// (the session writes it at exit and from a signal).
final class KeyboardMirror {
    private(set) var keyboard = LocalKeyboard()
    /// Not retained: the session outlives the view's run.
    private weak var keeper: (any LocalKeyboardKeeper)?
    /// Settles the probe if the terminal never answers it.
    private let probeTimer: LoopTimer
    private let probeTimeout: Duration

    /// The kitty flags that change how keys are sent (the other two bits are unused).
    static let keyboardFlags: KittyKeyboardFlags = [.disambiguate, .reportEventTypes, .reportAlternateKeys,
                                                    .reportAllKeys, .reportAssociatedText]

    init(loop: EventLoop, probeTimeout: Duration) {
        probeTimer = LoopTimer(on: loop)
        self.probeTimeout = probeTimeout
    }

    /// From now on `keeper` hears the undo and whether the probe's answer is awaited.
    func keep(in keeper: any LocalKeyboardKeeper) {
        self.keeper = keeper
    }

    /// Whether a host in `modes` wants more than legacy keys from the local terminal.
    static func wantsExtendedKeys(_ modes: TerminalModes) -> Bool {
        !modes.kittyKeyboardFlags.isDisjoint(with: keyboardFlags) || modes.keyboard.modifyOtherKeys > 0
    }

    /// The probe goes with the next frame; `settled` runs after `probeTimeout` if the terminal
    /// has not answered DA1 by then (a terminal that answers nothing is decided anyway).
    func startProbe(settled: @escaping () -> Void) {
        keyboard.sendProbe()
        probeTimer.schedule(after: probeTimeout) { [weak self] in
            guard let self, self.keyboard.support == .unknown else { return }
            self.keyboard.probeEnded()
            settled()
        }
    }

    /// Answers the decoder found in local input; true when they settled what the terminal
    /// has (a frame is due: the mode may change).
    func learn(_ replies: [LocalTerminalReply]) -> Bool {
        guard !replies.isEmpty else { return false }
        let before = keyboard.support
        for reply in replies { keyboard.learn(reply) }
        if replies.contains(.primaryDeviceAttributes) { keeper?.awaitsProbeAnswer = false }
        return keyboard.support != before
    }

    /// The bytes that go before the next frame: the probe, then whatever brings the mode to
    /// `wanted`. `note` is said once, when a host first wants more than legacy keys from a
    /// terminal that did not say it has a keyboard protocol: what is lost.
    func takeBytes(wanted: Bool, kittyFlags: Int) -> (bytes: [UInt8], note: String?) {
        let note = keyboard.noteDue(wanted: wanted) ? Self.noProtocolNote : nil
        let before = keyboard.mode
        let bytes = keyboard.takeBytes(wanted: wanted, kittyFlags: kittyFlags)
        // The probe goes out with this frame: its answer is awaited from now on.
        if bytes.starts(with: ConsoleSequences.keyboardProbe) { keeper?.awaitsProbeAnswer = true }
        if keyboard.mode != before { keeper?.keyboardUndo = keyboard.undo }
        return (bytes, note)
    }

    /// What the status says when the local terminal has no keyboard protocol.
    static var noProtocolNote: String {
        // What to do first, and short enough for one status row at 100 columns with any
        // prefix key (a status line cuts the end off on a narrow screen).
        "for Shift+Enter type \(PrefixKeyHandler.prefixName) Enter: this terminal reports no modified keys"
    }
}
