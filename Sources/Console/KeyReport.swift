import VT

/// A key the local terminal reported in one of the two extended forms: kitty's
/// `CSI code[:shifted[:base]] ; mods[:type] ; text u` and xterm's modifyOtherKeys
/// `CSI 27 ; mods ; code ~`. They are decoded into VT's `KeyEvent`, so the key goes to the host
/// encoded by the host's own keyboard mode whichever form the local terminal used.
enum KeyReport {
    /// The key event of `CSI … u` (kitty, and xterm's formatOtherKeys 1); nil when the code
    /// names nothing Drover has a key for (media keys, Print, Menu…).
    static func kitty(_ sequence: CSISequence) -> KeyEvent? {
        let modifierField = sequence.subparameters.count > 1 ? sequence.subparameters[1] : []
        let type = modifierField.first.flatMap(KeyEventType.init(rawValue:)) ?? .press
        let modifiers = modifiers(sequence.parameter(1, default: 1))
        guard var event = keyEvent(code: sequence.parameter(0, default: 0), modifiers: modifiers) else { return nil }
        event.type = type
        let alternates = sequence.subparameters.first ?? []
        if let shifted = alternates.first, shifted > 0 { event.shiftedKey = Unicode.Scalar(UInt32(shifted)) }
        if alternates.count > 1, alternates[1] > 0 { event.baseLayoutKey = Unicode.Scalar(UInt32(alternates[1])) }
        if sequence.parameters.count > 2 {
            // Flag 16's associated text: code points, the first in the field, the rest after colons.
            let points = [sequence.parameters[2]] + sequence.subparameters[2]
            let scalars = points.compactMap { $0 > 0 ? Unicode.Scalar(UInt32($0)) : nil }
            if !scalars.isEmpty { event.text = String(String.UnicodeScalarView(scalars)) }
        }
        return event
    }

    /// The key event of xterm's `CSI 27 ; mods ; code ~`.
    static func modifyOtherKeys(_ sequence: CSISequence) -> KeyEvent? {
        keyEvent(code: sequence.parameter(2, default: 0), modifiers: modifiers(sequence.parameter(1, default: 1)))
    }

    /// Modifiers from `1 + bits`: all eight of kitty's bits (xterm's four are the low ones).
    static func modifiers(_ parameter: Int) -> KeyModifiers {
        KeyModifiers(rawValue: UInt8(truncatingIfNeeded: max(parameter - 1, 0)))
    }

    /// The key for a code: a character, one of the C0 keys, or kitty's private-use numbers for
    /// F13–F35, the keypad and the modifier keys.
    static func keyEvent(code: Int, modifiers: KeyModifiers) -> KeyEvent? {
        guard code > 0, let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
        switch code {
        case 13: return KeyEvent(.enter, modifiers)
        case 9: return KeyEvent(.tab, modifiers)
        case 27: return KeyEvent(.escape, modifiers)
        case 127, 8: return KeyEvent(.backspace, modifiers)
        case 57376...57398: return KeyEvent(.function(13 + code - 57376), modifiers)
        case 57399...57416:
            let keypad = Array("0123456789./*-+\r=,")[code - 57399]
            return KeyEvent(.keypad(keypad), modifiers)
        case 57358...57360, 57441...57454:
            return ModifierKey(rawValue: code).map { KeyEvent(.modifier($0), modifiers) }
        case 57344...63743: return nil   // the rest of kitty's private-use keys: nothing to map them to
        default: return KeyEvent(.character(scalar), modifiers)
        }
    }

    /// What the front view passes on for a reported key: a press of a character with no modifier
    /// but Shift as text (flag 16's text, the shifted key, or the character), so prediction and
    /// Drover's own keys read it as typed; any other plain press as `.key`; a repeat, a release,
    /// or a press with the terminal's own alternates or text as `.keyEvent`, for the host's
    /// encoder to send by the host's flags (a legacy or modifyOtherKeys host gets no releases).
    static func inputEvent(_ event: KeyEvent) -> InputEvent? {
        guard event.type == .press else { return .keyEvent(event) }
        let significant = event.modifiers.subtracting(KeyModifiers.locks)
        if case let .character(scalar) = event.key, significant.isSubset(of: .shift) {
            if let text = event.text { return .text(text) }
            if significant.isEmpty { return .text(String(Character(scalar))) }
            if let shifted = event.shiftedKey { return .text(String(Character(shifted))) }
        }
        if event.text == nil, event.shiftedKey == nil, event.baseLayoutKey == nil {
            return .key(event.key, event.modifiers)
        }
        return .keyEvent(event)
    }
}
