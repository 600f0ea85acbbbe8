/// xterm's modifyOtherKeys, for the keys xterm calls "other" (characters, Enter, Tab, Backspace,
/// Escape): `CSI 27 ; mods ; code ~`, or `CSI code ; mods u` under formatOtherKeys 1.
///
/// This is xterm's own decision (input.c: `ModifyOtherKeys`, `allowedCharModifiers`) replayed
/// over what X would have given it on a US layout with `metaSendsEscape` (Alt, like Super, Hyper
/// and Meta here, sends ESC first): the keysym is the character with Shift applied (`A`, `?`),
/// its byte the one Ctrl makes of it (ctrl+` is NUL), and Backspace without Ctrl is DEL. Checked
/// row by row against Tests/VTTests/Input/XtermKeys.tsv (xterm 379 under Xvfb,
/// scripts/xterm-keys-oracle). nil means the legacy encoding applies.
extension InputEncoder {
    func modifyOtherKey(_ key: Key, _ original: KeyModifiers) -> [UInt8]? {
        let level = modes.keyboard.modifyOtherKeys
        guard level == 1 || level == 2, var xkey = XtermOtherKey(key, original) else { return nil }
        let all = XtermOtherKey.state(original, xkey.shifted)
        guard !all.isEmpty else { return nil }
        if xkey.isShiftTab {
            // ISO_Left_Tab: `CSI Z`, or at level 2 with more than Shift, code 9 with every modifier.
            guard level == 2, all != .shift else { return nil }
            return otherKeyBytes(9, all.xtermParameter)
        }
        if xkey.sym == .backspace && !all.contains(.control) { xkey.sym = .delete }   // the backarrow toggle
        var state = all
        if case .char = xkey.sym { state = xkey.allowedModifiers(all, level: level) }
        guard !state.isEmpty, xkey.modifies(state, level: level) else { return nil }
        let sent = xkey.allowedModifiers(all, level: level)
        guard !sent.isEmpty else { return nil }
        let code: UInt32
        if case let .char(c) = xkey.sym { code = c.value } else { code = UInt32(xkey.byte) }
        return otherKeyBytes(code, sent.xtermParameter)
    }

    private func otherKeyBytes(_ code: UInt32, _ parameter: Int) -> [UInt8] {
        let text = modes.keyboard.formatOtherKeys == 1 ? "\(code);\(parameter)u" : "27;\(parameter);\(code)~"
        return InputEncoder.csi + Array(text.utf8)
    }
}

/// One key as xterm's input code sees it: its keysym and the byte X's lookup gave for it.
private struct XtermOtherKey {
    enum Sym: Equatable { case char(Unicode.Scalar), enter, tab, backspace, delete, escape }
    var sym: Sym
    /// The byte X's XLookupString gives (after Ctrl), which xterm sends when it does not modify.
    let byte: UInt8
    /// Shift came from an upper-case or shifted character rather than the modifiers.
    let shifted: Bool
    let isShiftTab: Bool

    init?(_ key: Key, _ mods: KeyModifiers) {
        let control = mods.contains(.control)
        var shifted = false
        switch key {
        case let .character(given):
            let (base, shift) = USLayout.unshifted(given)
            let keysym = shift || mods.contains(.shift) ? USLayout.shifted(base) ?? base : base
            shifted = shift
            sym = .char(keysym)
            byte = control ? InputEncoder.xLookupControl(keysym) ?? 0xFF : (keysym.isASCII ? UInt8(keysym.value) : 0xFF)
        case .enter: sym = .enter; byte = 0x0D
        case .tab: sym = .tab; byte = 0x09
        case .backspace: sym = .backspace; byte = control ? 0x08 : 0x7F
        case .escape: sym = .escape; byte = 0x1B
        default: return nil
        }
        self.shifted = shifted
        isShiftTab = key == .tab && mods.contains(.shift)
    }

    /// xterm's modifiers: Shift, Alt, Ctrl, and Super/Hyper/Meta as its Meta; Shift also when
    /// the character itself was the shifted one.
    static func state(_ mods: KeyModifiers, _ shifted: Bool) -> KeyModifiers {
        var state = mods.intersection([.shift, .alt, .control])
        if mods.hasXtermMeta { state.insert(.meta) }
        if shifted { state.insert(.shift) }
        return state
    }

    private var keysymValue: UInt32? { if case let .char(c) = sym { return c.value } else { return nil } }
    /// IsControlInput: a keysym Ctrl is commonly combined with (`@`…DEL).
    private var isControlInput: Bool { keysymValue.map { (0x40...0x7F).contains($0) } ?? false }
    /// IsControlOutput: the keysym is itself a control character.
    private var isControlOutput: Bool { keysymValue.map { $0 < 0x20 || (0x7F...0x9F).contains($0) } ?? false }
    /// IsControlAlias: the byte X produced is a control character.
    private var isControlAlias: Bool { byte < 0x20 || (0x7F...0x9F).contains(byte) }

    /// allowedCharModifiers: at level 1 the modifiers a key already has a legacy meaning for
    /// are dropped (Ctrl on a control key, Shift on a printable one, Alt and Meta which send ESC).
    func allowedModifiers(_ state: KeyModifiers, level: Int) -> KeyModifiers {
        var result = state
        guard level <= 1 else { return result }
        if isControlInput && result.subtracting(.control).isEmpty {
            // these keys already mean something with Ctrl; only level 0 would drop it
        } else if sym == .tab || sym == .enter {
        } else if isControlAlias {
            if result.subtracting([.control, .shift]).isEmpty { result = [] }
        } else if !isControlOutput, case .char = sym, !result.contains(.control) {
            result.remove(.shift)
        }
        let escapes: KeyModifiers = [.alt, .meta]
        if !result.intersection(escapes).isEmpty {
            result.subtract(escapes)
            if (isControlInput || isControlOutput) || sym == .tab || sym == .enter { result.remove(.control) }
        }
        return result
    }

    /// ModifyOtherKeys' per-level choice for a key whose (allowed) modifiers are `state`.
    func modifies(_ state: KeyModifiers, level: Int) -> Bool {
        switch sym {
        case .enter, .tab: return true
        case .backspace: return level == 2 && !state.subtracting(.control).isEmpty
        case .delete: return level == 2
        case .escape where level == 2: return true   // xterm 379 modifies Escape with any modifier here
        case .escape, .char:
            if level == 2 {
                if isControlInput { return true }
                if state == .shift { return keysymValue == 0x20 }
                return !state.subtracting(.shift).isEmpty
            }
            if isControlInput { return state != .control && state != .shift }
            if isControlAlias { return state != .shift && !state.subtracting(.control).isEmpty }
            return true
        }
    }
}
