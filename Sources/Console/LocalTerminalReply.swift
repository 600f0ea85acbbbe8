/// An answer the local terminal sent to Drover's keyboard probe (`ConsoleSequences.keyboardProbe`),
/// read from the same input as keys. The decoder keeps these apart from key events.
public enum LocalTerminalReply: Hashable, Sendable {
    /// `CSI ? flags u`: the terminal has the kitty keyboard protocol.
    case kittyKeyboardFlags(Int)
    /// `CSI > 4 ; n m` (XTQMODKEYS's answer): the terminal has xterm's modifyOtherKeys.
    case modifyOtherKeys(Int)
    /// `CSI ? … c` (DA1): every terminal answers it, last, so it ends the probe.
    case primaryDeviceAttributes

    /// The reply `sequence` is, nil for anything else.
    init?(_ sequence: CSISequence) {
        switch (sequence.privateMarker, sequence.final) {
        case (UInt8(ascii: "?"), UInt8(ascii: "u")):
            self = .kittyKeyboardFlags(sequence.parameters.first ?? 0)
        case (UInt8(ascii: ">"), UInt8(ascii: "m")) where sequence.parameters.first == 4:
            self = .modifyOtherKeys(sequence.parameter(1, default: 0))
        case (UInt8(ascii: "?"), UInt8(ascii: "c")):
            self = .primaryDeviceAttributes
        default:
            return nil
        }
    }
}
