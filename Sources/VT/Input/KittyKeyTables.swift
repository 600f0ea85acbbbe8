/// One kitty key escape code: `CSI code[:shifted[:base]] ; mods[:type] ; text final`, each field
/// left out when it says nothing (kitty's `serialize`).
struct KittyCSI {
    var code: UInt32
    var modifiers: KeyModifiers
    var type = KeyEventType.press
    var alternates: (shifted: Unicode.Scalar?, base: Unicode.Scalar?)?
    var text: String?

    init(code: UInt32, modifiers: KeyModifiers) {
        self.code = code
        self.modifiers = modifiers
    }

    func bytes(final: UInt8) -> [UInt8] {
        let second = !modifiers.isEmpty || type != .press
        var out = "\u{1B}["
        if code != 1 || alternates != nil || second || text != nil { out += String(code) }
        if let (shifted, base) = alternates {
            out += ":" + (shifted.map { String($0.value) } ?? "")
            if let base { out += ":\(base.value)" }
        }
        if second || text != nil {
            out += ";"
            if second { out += String(1 + Int(modifiers.rawValue)) }
            if type != .press { out += ":\(type.rawValue)" }
        }
        if let text {
            out += ";" + text.unicodeScalars.map { String($0.value) }.joined(separator: ":")
        }
        return Array(out.utf8) + [final]
    }
}

/// kitty's numbers for the keys that type no text (its "functional key definitions").
enum KittyKeyTable {
    static func functional(_ key: Key) -> (UInt32, UInt8)? {
        let u = UInt8(ascii: "u"), tilde = UInt8(ascii: "~")
        switch key {
        case .escape: return (27, u)
        case .enter: return (13, u)
        case .tab: return (9, u)
        case .backspace: return (127, u)
        case .insert: return (2, tilde)
        case .delete: return (3, tilde)
        case .left: return (1, UInt8(ascii: "D"))
        case .right: return (1, UInt8(ascii: "C"))
        case .up: return (1, UInt8(ascii: "A"))
        case .down: return (1, UInt8(ascii: "B"))
        case .pageUp: return (5, tilde)
        case .pageDown: return (6, tilde)
        case .home: return (1, UInt8(ascii: "H"))
        case .end: return (1, UInt8(ascii: "F"))
        case let .function(n):
            switch n {
            case 1: return (1, UInt8(ascii: "P"))
            case 2: return (1, UInt8(ascii: "Q"))
            case 3: return (13, tilde)   // kitty: `CSI 1;m R` would read as a cursor position report
            case 4: return (1, UInt8(ascii: "S"))
            case 5...12: return (UInt32([15, 17, 18, 19, 20, 21, 23, 24][n - 5]), tilde)
            case 13...35: return (57376 + UInt32(n - 13), u)
            default: return nil
            }
        case let .keypad(c):
            guard let i = Array("0123456789./*-+\r=,").firstIndex(of: c) else { return nil }
            return (57399 + UInt32(i), u)
        case let .modifier(m): return (UInt32(m.rawValue), u)
        case .character: return nil
        }
    }
}

/// The legacy forms kitty still sends while a host's flags ask for neither disambiguation
/// nor all keys (its "legacy text keys" and "C0 controls" tables).
enum KittyLegacy {
    /// Cursor keys' SS3 finals in cursor key mode (DECCKM).
    static func cursorFinal(_ key: Key) -> UInt8? {
        switch key {
        case .up: return 0x41
        case .down: return 0x42
        case .right: return 0x43
        case .left: return 0x44
        case .end: return 0x46
        case .home: return 0x48
        default: return nil
        }
    }

    /// Enter, Tab and Backspace with no modifier but the locks.
    static func plainControl(_ key: Key) -> UInt8? {
        switch key {
        case .enter: return 0x0D
        case .tab: return 0x09
        case .backspace: return 0x7F
        default: return nil
        }
    }

    /// Enter, Escape, Backspace and Tab with modifiers: ESC first for Alt, ^H for ctrl+Backspace,
    /// `CSI Z` for shift+Tab.
    static func controlKey(_ key: Key, _ mods: KeyModifiers) -> [UInt8]? {
        let esc: [UInt8] = mods.contains(.alt) ? [0x1B] : []
        switch key {
        case .enter: return esc + [0x0D]
        case .escape: return esc + [0x1B]
        case .backspace: return esc + [mods.contains(.control) ? 0x08 : 0x7F]
        case .tab: return mods.contains(.shift) ? esc + [0x1B, 0x5B, 0x5A] : esc + [0x09]
        default: return nil
        }
    }

    /// kitty's legacy text keys for a modified key: its own when it is ASCII, else (Ctrl, Alt or
    /// both on a key of another script) the ASCII key at its place in the base layout, so
    /// ctrl+с on a Russian layout is ^C as kitty sends it; nil when only `CSI u` can say it.
    static func textKey(_ event: KeyEvent, code: UInt32) -> [UInt8]? {
        guard let key = Unicode.Scalar(code) else { return nil }
        if isASCIIText(key) { return textKey(key, event.modifiers, shifted: event.shiftedKey) }
        guard let base = event.baseLayoutKey, isASCIIText(base),
              [.control, .alt, [.control, .alt]].contains(event.modifiers) else { return nil }
        return textKey(base, event.modifiers, shifted: nil)
    }

    private static func isASCIIText(_ key: Unicode.Scalar) -> Bool { key.value >= 0x20 && key.value < 0x7F }

    /// kitty's legacy text keys: the ASCII keys with shift, alt, ctrl, shift+alt or ctrl+alt
    /// (and space with ctrl+shift or alt+shift); nil when the combination needs `CSI u`.
    /// `shifted` is the layout's key with Shift (nil: a US layout's).
    private static func textKey(_ key: Unicode.Scalar, _ original: KeyModifiers, shifted layoutShifted: Unicode.Scalar?) -> [UInt8]? {
        var mods = original, key = key
        if mods.contains(.shift), let shifted = layoutShifted ?? USLayout.shifted(key), shifted != key, shifted.isASCII,
           !mods.contains(.control) || !("a"..."z").contains(key) {
            key = shifted
            mods.remove(.shift)
        }
        let byte = UInt8(key.value)
        if original == .shift { return [byte] }
        switch mods {
        case .alt: return [0x1B, byte]
        case .control: return [ctrl(key)]
        case [.control, .alt]: return [0x1B, ctrl(key)]
        case [.control, .shift] where key == " ": return [0]
        case [.alt, .shift] where key == " ": return [0x1B, byte]
        default: return nil
        }
    }

    /// kitty's ctrl mapping (its `ctrled_key`) for an ASCII key: a..z and @[\]^_ to C0, space
    /// and 2 to NUL, 3..7 to ESC..US, 8 and ? to DEL, / to US, ~ to RS; other keys (` among them,
    /// unlike X) unchanged.
    static func ctrl(_ key: Unicode.Scalar) -> UInt8 {
        let v = UInt8(truncatingIfNeeded: key.value)
        switch v {
        case 0x61...0x7A: return v - 0x60
        case 0x40, 0x5B...0x5F: return v - 0x40
        case 0x20, 0x32: return 0
        case 0x33...0x37: return v - 0x33 + 0x1B
        case 0x38, 0x3F: return 0x7F
        case 0x2F: return 0x1F
        case 0x7E: return 0x1E
        default: return v
        }
    }
}
