/// xterm's modifyOtherKeys, for the keys xterm calls "other" (characters, Enter, Tab, Backspace,
/// Escape): `CSI 27 ; mods ; code ~`, or `CSI code ; mods u` under formatOtherKeys 1. The rules
/// follow what xterm 379 sends (Tests/VTTests/Input/XtermKeys.tsv, recorded by
/// scripts/xterm-keys-oracle):
/// - the code is the character typed with Shift (`A` 65, `!` 33); Shift alone on a symbol
///   types it plainly (shift+1 is `!`), with any other modifier it stays in the parameter;
/// - level 1 keeps every combination that has a well-known legacy form: Ctrl with a C0 code
///   (ctrl+a is ^A), Alt alone (ESC first), shift+Tab (`CSI Z`), Enter with Alt, Backspace and
///   Escape; where it does encode a character, Alt is left out of the parameter;
/// - level 2 encodes every modified key except shift+Tab (`CSI Z`) and ctrl+Backspace (^H);
///   Backspace with Ctrl and more is code 8.
/// nil means the legacy encoding applies.
extension InputEncoder {
    func modifyOtherKey(_ key: Key, _ original: KeyModifiers) -> [UInt8]? {
        let level = modes.keyboard.modifyOtherKeys
        var mods = original
        let code: UInt32
        switch key {
        case let .character(given):
            let (scalar, shifted) = USLayout.unshifted(given)   // `A` is a with Shift
            if shifted { mods.insert(.shift) }
            var typed = scalar
            if mods.contains(.shift), let shifted = USLayout.shifted(scalar) {
                typed = shifted
                let letter = String(scalar).uppercased() != String(scalar)
                if mods == .shift && !letter { return nil }
            }
            guard !mods.isEmpty else { return nil }
            if level == 1 {
                guard mods.contains(.control), InputEncoder.controlCode(typed) == nil else { return nil }
                mods.remove(.alt)
            }
            code = typed.value
        case .enter:
            guard !mods.isEmpty, level == 2 || !mods.contains(.alt) else { return nil }
            code = 13
        case .tab:
            guard mods != .shift, level == 2 ? !mods.isEmpty : mods.contains(.control) && !mods.contains(.shift) else { return nil }
            code = 9
        case .backspace:
            guard level == 2, !mods.isEmpty, mods != .control else { return nil }
            code = mods.contains(.control) ? 8 : 127
        case .escape:
            guard level == 2, !mods.isEmpty else { return nil }
            code = 27
        default:
            return nil
        }
        let parameter = mods.xtermParameter
        let text = modes.keyboard.formatOtherKeys == 1 ? "\(code);\(parameter)u" : "27;\(parameter);\(code)~"
        return InputEncoder.csi + Array(text.utf8)
    }
}
