import VT

/// The local terminal's keyboard mode follows the host in front (ADR 0024, local side): while
/// that host has asked for more than legacy keys, and Drover is not in history mode, the local
/// terminal reports keys in kitty's form with that host's own flags (or modifyOtherKeys'); the
/// decoder reads either, and `InputEncoder` sends each key in the host's own form. Mode changes ride on the next frame,
/// so they reach the terminal in order with what is drawn, and `onKeyboardUndo` hears what
/// would turn the mode off after each change (the session writes it at exit and from a signal).
extension FrontView {
    /// The kitty flags that change how keys are sent (the other two bits are unused).
    static let keyboardFlags: KittyKeyboardFlags = [.disambiguate, .reportEventTypes, .reportAlternateKeys,
                                                    .reportAllKeys, .reportAssociatedText]

    /// Whether the local terminal should report keys in an extended form now.
    var wantsExtendedKeys: Bool {
        guard history == nil, owner?.holdsKeys(for: self) != true else { return false }
        let modes = terminal.modes
        return !modes.kittyKeyboardFlags.isDisjoint(with: Self.keyboardFlags) || modes.keyboard.modifyOtherKeys > 0
    }

    /// Sends the probe with the next frame and settles it after `configuration.keyboardProbeTimeout`
    /// if the terminal has not answered DA1 by then (a terminal that answers nothing).
    func startKeyboardProbe() {
        localKeyboard.sendProbe()
        keyboardProbeTimer.schedule(after: configuration.keyboardProbeTimeout) { [weak self] in
            guard let self, self.localKeyboard.support == .unknown else { return }
            self.localKeyboard.probeEnded()
            self.keyboardSettled()
        }
        requestRender()
    }

    /// Answers the decoder found in local input.
    func learnLocalReplies(_ replies: [LocalTerminalReply]) {
        guard !replies.isEmpty else { return }
        let before = localKeyboard.support
        for reply in replies { localKeyboard.learn(reply) }
        if replies.contains(.primaryDeviceAttributes) { onProbeAwaited(false) }
        if localKeyboard.support != before { keyboardSettled() }
    }

    private func keyboardSettled() {
        requestRender()
    }

    /// The bytes that go before the next frame: the probe, then whatever brings the local
    /// keyboard mode to what the front host wants. Says once, when a host first wants more than
    /// legacy keys from a terminal that did not say it has a keyboard protocol, what is lost.
    func takeKeyboardBytes() -> [UInt8] {
        let wanted = wantsExtendedKeys
        if localKeyboard.noteDue(wanted: wanted) { onKeyboardNote(Self.noProtocolNote) }
        let before = localKeyboard.mode
        let bytes = localKeyboard.takeBytes(wanted: wanted, kittyFlags: Int(terminal.modes.kittyKeyboardFlags.rawValue))
        // The probe goes out with this frame: its answer is awaited from now on.
        if bytes.starts(with: ConsoleSequences.keyboardProbe) { onProbeAwaited(true) }
        if localKeyboard.mode != before { onKeyboardUndo(localKeyboard.undo) }
        return bytes
    }

    /// What the status says when the local terminal has no keyboard protocol.
    static var noProtocolNote: String {
        // What to do first: a status line cuts the end off on a narrow screen.
        "for Shift+Enter type \(PrefixKeyHandler.prefixName) Enter: this terminal reports no modified keys "
            + "(no kitty keyboard protocol or modifyOtherKeys)"
    }
}
