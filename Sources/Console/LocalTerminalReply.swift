import VT

/// An answer the local terminal sent to Drover's probe (`ConsoleSequences.keyboardProbe`: keyboard
/// protocols, colours, cell size) or a report it sends by itself (`?2031`), read from the same
/// input as keys. The decoder keeps these apart from key events.
public enum LocalTerminalReply: Hashable, Sendable {
    /// `CSI ? flags u`: the terminal has the kitty keyboard protocol.
    case kittyKeyboardFlags(Int)
    /// `CSI > 4 ; n m` (XTQMODKEYS's answer): the terminal has xterm's modifyOtherKeys.
    case modifyOtherKeys(Int)
    /// `CSI ? … c` (DA1): every terminal answers it, last, so it ends the probe.
    case primaryDeviceAttributes
    /// `OSC 10/11/12 ; spec`: the terminal's foreground, background or cursor colour.
    case dynamicColor(number: Int, RGBColor)
    /// `OSC 4 ; n ; spec`: one of its palette colours.
    case paletteColor(index: Int, RGBColor)
    /// `CSI 6 ; height ; width t` (XTWINOPS 16t's answer): its cell size in pixels.
    case cellPixelSize(width: Int, height: Int)
    /// `CSI ? 997 ; 1|2 n`: its colour scheme is dark (1) or light (2), sent while `?2031` is on.
    case colorScheme(dark: Bool)

    /// The reply `sequence` is, nil for anything else.
    init?(_ sequence: CSISequence) {
        switch (sequence.privateMarker, sequence.final) {
        case (UInt8(ascii: "?"), UInt8(ascii: "u")):
            self = .kittyKeyboardFlags(sequence.parameters.first ?? 0)
        case (UInt8(ascii: ">"), UInt8(ascii: "m")) where sequence.parameters.first == 4:
            self = .modifyOtherKeys(sequence.parameter(1, default: 0))
        case (UInt8(ascii: "?"), UInt8(ascii: "c")):
            self = .primaryDeviceAttributes
        case (nil, UInt8(ascii: "t")) where sequence.parameters.count == 3 && sequence.parameters[0] == 6:
            let height = sequence.parameters[1], width = sequence.parameters[2]
            guard (1...1000).contains(height), (1...1000).contains(width) else { return nil }
            self = .cellPixelSize(width: width, height: height)
        case (UInt8(ascii: "?"), UInt8(ascii: "n")) where sequence.parameters.first == 997:
            let value = sequence.parameter(1, default: 0)
            guard value == 1 || value == 2 else { return nil }
            self = .colorScheme(dark: value == 1)
        default:
            return nil
        }
    }

    /// The reply an OSC answer's body (between `ESC ]` and its BEL or ST) is, nil for anything
    /// else: `10;spec`, `11;spec`, `12;spec`, `4;n;spec` with a colour xterm's rules read.
    init?(osc body: ArraySlice<UInt8>) {
        let fields = body.split(separator: UInt8(ascii: ";"), maxSplits: 2, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard let number = fields.first.flatMap({ Int($0) }) else { return nil }
        switch number {
        case 10, 11, 12:
            guard fields.count == 2, let color = RGBColor(specification: Substring(fields[1])) else { return nil }
            self = .dynamicColor(number: number, color)
        case 4:
            guard fields.count == 3, let index = Int(fields[1]), (0..<16).contains(index),
                  let color = RGBColor(specification: Substring(fields[2])) else { return nil }
            self = .paletteColor(index: index, color)
        default:
            return nil
        }
    }
}
