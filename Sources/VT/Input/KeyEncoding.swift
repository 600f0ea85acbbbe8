/// Keyboard half of `InputEncoder`: the host's keyboard mode picks the encoding. Kitty flags
/// (`KittyKeyEncoding.swift`) come first; else xterm's modifyOtherKeys
/// (`ModifyOtherKeysEncoding.swift`) for the keys it covers; else xterm's PC-style legacy keys.
extension InputEncoder {
    /// The bytes for one key event by the host's keyboard mode; empty when the mode sends
    /// nothing for it (a release outside kitty's event types, a modifier key on its own).
    public func encode(_ event: KeyEvent) -> [UInt8] {
        let flags = modes.kittyKeyboardFlags
        if !flags.isEmpty { return kittyKey(event, flags) }
        guard event.type != .release else { return [] }
        if case .modifier = event.key { return [] }
        let modifiers = event.modifiers.subtracting(.locks)
        if modes.keyboard.modifyOtherKeys > 0, let bytes = modifyOtherKey(event.key, modifiers) { return bytes }
        return encodeKey(event.key, modifiers)
    }

    /// Typed text: as it is, or under kitty's report-all-keys flag one key event per character.
    func encodeText(_ text: String) -> [UInt8] {
        let flags = modes.kittyKeyboardFlags
        guard flags.contains(.reportAllKeys) else { return Array(text.utf8) }
        var out: [UInt8] = []
        for scalar in text.unicodeScalars {
            out += kittyKey(KeyEvent(.character(scalar), text: String(scalar)), flags)
        }
        return out
    }

    /// xterm's legacy keys (modifyOtherKeys 0, no kitty flags).
    func encodeKey(_ key: Key, _ modifiers: KeyModifiers) -> [UInt8] {
        let alt = modifiers.contains(.alt) || modifiers.hasXtermMeta
        switch key {
        case let .character(scalar):
            return prefixed(alt, characterBytes(scalar, control: modifiers.contains(.control),
                                                shift: modifiers.contains(.shift)))
        case .enter:
            return prefixed(alt, modes.newLine ? [0x0D, 0x0A] : [0x0D])
        case .tab:
            if modifiers.contains(.shift) { return InputEncoder.csi + [0x5A] }
            return prefixed(alt, [0x09])
        case .backspace:
            return prefixed(alt, modifiers.contains(.control) ? [0x08] : [0x7F])
        case .escape:
            return prefixed(alt, [InputEncoder.esc])
        case .up: return cursorKey(0x41, modifiers)
        case .down: return cursorKey(0x42, modifiers)
        case .right: return cursorKey(0x43, modifiers)
        case .left: return cursorKey(0x44, modifiers)
        case .home: return cursorKey(0x48, modifiers)
        case .end: return cursorKey(0x46, modifiers)
        case .insert: return tildeKey(2, modifiers)
        case .delete: return tildeKey(3, modifiers)
        case .pageUp: return tildeKey(5, modifiers)
        case .pageDown: return tildeKey(6, modifiers)
        case let .function(n): return functionKey(n, modifiers)
        case let .keypad(c): return keypadKey(c, modifiers)
        case .modifier: return []
        }
    }

    private func prefixed(_ alt: Bool, _ bytes: [UInt8]) -> [UInt8] {
        alt && !bytes.isEmpty ? [InputEncoder.esc] + bytes : bytes
    }

    /// A character as xterm sends it: with Shift, what a US layout types (`A`, `!`); with Ctrl,
    /// the byte X makes of that keysym (ctrl+a and ctrl+shift+a are ^A, ctrl+` and ctrl+2 NUL,
    /// ctrl+shift+- US), and ctrl+? DEL as xterm makes it; other characters unchanged.
    private func characterBytes(_ scalar: Unicode.Scalar, control: Bool, shift: Bool) -> [UInt8] {
        let typed = shift ? USLayout.shifted(scalar) ?? scalar : scalar
        if control, let byte = InputEncoder.xLookupControl(typed) { return [byte == 0x3F ? 0x7F : byte] }
        return Array(String(Character(typed)).utf8)
    }

    /// XLookupString's Ctrl on an ASCII keysym: `@`…`~` and space to their C0 code, 2 to NUL,
    /// 3…7 to ESC…US, 8 to DEL, / to US, the rest unchanged; nil for a non-ASCII one.
    static func xLookupControl(_ c: Unicode.Scalar) -> UInt8? {
        guard c.isASCII else { return nil }
        let v = UInt8(c.value)
        switch v {
        case 0x40...0x7E, 0x20: return v & 0x1F
        case 0x32: return 0
        case 0x33...0x37: return v - 0x33 + 0x1B
        case 0x38: return 0x7F
        case 0x2F: return 0x1F
        default: return v
        }
    }

    /// Cursor keys and Home/End: `CSI X` (or `SS3 X` under DECCKM); `CSI 1;m X` with modifiers.
    func cursorKey(_ final: UInt8, _ modifiers: KeyModifiers) -> [UInt8] {
        if !modifiers.isEmpty {
            return InputEncoder.csi + Array("1;\(modifiers.xtermParameter)".utf8) + [final]
        }
        return (modes.applicationCursorKeys ? InputEncoder.ss3 : InputEncoder.csi) + [final]
    }

    /// Editing keys: `CSI n ~`, `CSI n;m ~` with modifiers.
    private func tildeKey(_ n: Int, _ modifiers: KeyModifiers) -> [UInt8] {
        let params = modifiers.isEmpty ? "\(n)" : "\(n);\(modifiers.xtermParameter)"
        return InputEncoder.csi + Array(params.utf8) + [0x7E]
    }

    /// F1–F4: `SS3 P`..`SS3 S`, `CSI 1;m P` with modifiers. F5–F12: `CSI 15~` … `CSI 24~`.
    /// F13–F24 are sent as Shift+F1–F12 (xterm's own terminfo entries kf13–kf24).
    private func functionKey(_ n: Int, _ modifiers: KeyModifiers) -> [UInt8] {
        guard (1...24).contains(n) else { return [] }
        if n > 12 { return functionKey(n - 12, modifiers.union(.shift)) }
        if n <= 4 {
            let final = UInt8(0x50 + n - 1)
            if modifiers.isEmpty { return InputEncoder.ss3 + [final] }
            return InputEncoder.csi + Array("1;\(modifiers.xtermParameter)".utf8) + [final]
        }
        let codes = [5: 15, 6: 17, 7: 18, 8: 19, 9: 20, 10: 21, 11: 23, 12: 24]
        return tildeKey(codes[n] ?? 15, modifiers)
    }

    /// Keypad: the character itself, or `SS3 x` in application keypad mode (DECKPAM).
    private func keypadKey(_ c: Character, _ modifiers: KeyModifiers) -> [UInt8] {
        if modes.applicationKeypad, let final = InputEncoder.keypadFinal(c) {
            return InputEncoder.ss3 + [final]
        }
        if c == "\r" { return encodeKey(.enter, modifiers) }
        guard let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return [] }
        return encodeKey(.character(scalar), modifiers.subtracting(.shift))   // Shift types no other symbol here
    }

    static func keypadFinal(_ c: Character) -> UInt8? {
        guard let ascii = c.asciiValue else { return nil }
        switch c {
        case "0"..."9": return 0x70 + (ascii - 0x30)   // p..y
        case ".": return 0x6E
        case "+": return 0x6B
        case "-": return 0x6D
        case "*": return 0x6A
        case "/": return 0x6F
        case "=": return 0x58
        case "\r": return 0x4D
        case ",": return 0x6C
        default: return nil
        }
    }
}
