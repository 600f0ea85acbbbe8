/// The kitty keyboard protocol's key encoding, for a host that pushed flags: the rules of
/// kitty's own encoder (kitty/key_encoding.c) over Drover's keys. Text-producing presses are
/// sent as text unless the host asked for all keys; everything else is `CSI code ; mods u`, or
/// `CSI number ; mods ~` / `CSI 1 ; mods X` for the keys kitty keeps in those forms.
extension InputEncoder {
    func kittyKey(_ event: KeyEvent, _ flags: KittyKeyboardFlags) -> [UInt8] {
        let allKeys = flags.contains(.reportAllKeys)
        if event.type == .release && !flags.contains(.reportEventTypes) { return [] }
        var event = InputEncoder.normalized(event)
        if case .modifier = event.key, !allKeys { return [] }
        let text = InputEncoder.text(of: event)
        if case let .keypad(c) = event.key, !flags.contains(.disambiguate) && !allKeys {
            // Without disambiguation the keypad is its main-keyboard twin (its text unchanged), as in kitty.
            event.key = c == "\r" ? .enter : (c.unicodeScalars.first.map(Key.character) ?? event.key)
        }
        if !allKeys, event.type != .release, let text, !text.isEmpty { return Array(text.utf8) }
        if case let .character(scalar) = event.key {
            return kittyTextKey(event, code: scalar.value, text: text, flags)
        }
        return kittyFunctionalKey(event, text: text, flags)
    }

    /// A key that types a character: `CSI code[:shifted[:base]] ; mods[:type] [; text] u`, or
    /// a legacy form while the flags ask for neither disambiguation nor all keys.
    private func kittyTextKey(_ event: KeyEvent, code: UInt32, text: String?, _ flags: KittyKeyboardFlags) -> [UInt8] {
        var csi = KittyCSI(code: code, modifiers: event.modifiers)
        csi.type = flags.contains(.reportEventTypes) ? event.type : .press
        if flags.contains(.reportAlternateKeys) {
            let shifted = event.modifiers.contains(.shift) ? (event.shiftedKey ?? Unicode.Scalar(code).flatMap(USLayout.shifted)) : nil
            let base = event.baseLayoutKey.flatMap { $0.value == code ? nil : $0 }
            if shifted != nil || base != nil { csi.alternates = (shifted, base) }
        }
        if flags.contains(.reportAssociatedText), let text, !text.isEmpty { csi.text = text }
        let simple = csi.type == .press && csi.alternates == nil && csi.text == nil
        if simple && event.modifiers.isEmpty && !flags.contains(.reportAllKeys) {
            return Array(String(Character(Unicode.Scalar(code) ?? " ")).utf8)
        }
        if simple && !event.modifiers.isEmpty && !flags.contains(.disambiguate) && !flags.contains(.reportAllKeys),
           let legacy = KittyLegacy.textKey(event, code: code) {
            return legacy
        }
        return csi.bytes(final: UInt8(ascii: "u"))
    }

    /// A key kitty numbers in its functional table (the keypad's digits carry their text too).
    private func kittyFunctionalKey(_ event: KeyEvent, text: String?, _ flags: KittyKeyboardFlags) -> [UInt8] {
        let mods = event.modifiers
        let allKeys = flags.contains(.reportAllKeys), disambiguate = flags.contains(.disambiguate)
        let legacyMode = !allKeys && !disambiguate && !flags.contains(.reportEventTypes)
        let release = event.type == .release
        if legacyMode && mods.isEmpty && modes.applicationCursorKeys, let final = KittyLegacy.cursorFinal(event.key) {
            return InputEncoder.ss3 + [final]
        }
        if mods.isEmpty {
            if event.key == .escape && !disambiguate && !allKeys { return [InputEncoder.esc] }
            if legacyMode, case let .function(n) = event.key, (1...4).contains(n) {
                return InputEncoder.ss3 + [UInt8(0x50 + n - 1)]
            }
        } else if legacyMode, let legacy = KittyLegacy.controlKey(event.key, mods) {
            return legacy
        }
        if mods.subtracting(.locks).isEmpty && !allKeys, let byte = KittyLegacy.plainControl(event.key) {
            return release ? [] : [byte]
        }
        guard let (number, final) = KittyKeyTable.functional(event.key) else { return [] }
        var csi = KittyCSI(code: number, modifiers: mods)
        csi.type = flags.contains(.reportEventTypes) ? event.type : .press
        if flags.contains(.reportAssociatedText), let text, !text.isEmpty { csi.text = text }
        return csi.bytes(final: final)
    }

    /// Upper-case letters and shifted symbols become their key with Shift (kitty's key code is
    /// always the unshifted key); a modifier key holds its own bit while down, as kitty reports.
    static func normalized(_ event: KeyEvent) -> KeyEvent {
        var event = event
        switch event.key {
        case let .character(scalar):
            let (key, shift) = USLayout.unshifted(scalar)
            if shift {
                event.key = .character(key)
                event.modifiers.insert(.shift)
                if event.shiftedKey == nil { event.shiftedKey = scalar }
            }
        case let .modifier(key):
            if event.type == .release { event.modifiers.subtract(key.ownModifier) } else { event.modifiers.formUnion(key.ownModifier) }
        default: break
        }
        return event
    }

    /// The event's text, or the one a US layout types: the (shifted) character when no modifier
    /// other than Shift and the locks is held; the keypad's digits and operators. A release types
    /// nothing, as in kitty.
    static func text(of event: KeyEvent) -> String? {
        if event.type == .release { return nil }
        if let text = event.text { return text.unicodeScalars.first.map { $0.value < 0x20 || $0.value == 0x7F } == true ? nil : text }
        guard event.modifiers.subtracting([.shift, .capsLock, .numLock]).isEmpty else { return nil }
        switch event.key {
        case let .character(scalar):
            var shift = event.modifiers.contains(.shift)
            if event.modifiers.contains(.capsLock), String(scalar).uppercased() != String(scalar) { shift.toggle() }
            return String(shift ? (event.shiftedKey ?? USLayout.shifted(scalar) ?? scalar) : scalar)
        case let .keypad(c):
            return c == "\r" ? nil : String(c)
        default:
            return nil
        }
    }
}
