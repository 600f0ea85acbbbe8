/// The host's keyboard requests: the kitty keyboard protocol (`CSI > u` push, `CSI < u` pop,
/// `CSI = u` set, `CSI ? u` query, on the stack of the screen shown) and xterm's
/// modifyOtherKeys (`CSI > 4 ; n m` set, `CSI > 4 m` back to the initial 0, `CSI > 4 n` off,
/// `CSI ? 4 m` query), each as kitty and xterm 379 do it. Every value is bounded by the parser (at most 65535) and the stacks by
/// `KittyKeyboardStack.depth`, so no stream can grow them.
extension Terminal {
    /// `CSI <prefix> … u` with prefix `>`, `<`, `=` or `?`; false when it is none of them.
    /// As kitty's parser: only a missing parameter takes the default (an explicit 0 pops
    /// nothing, and mode 0 sets nothing), and a push or pop with more than one parameter, or a
    /// set with more than two, is ignored.
    func kittyKeyboard(_ p: borrowing Params, prefix: UInt8) -> Bool {
        let alternate = screen.isAlternate
        var stack = alternate ? screen.modes.keyboard.alternateStack : screen.modes.keyboard.mainStack
        switch prefix {
        case UInt8(ascii: ">") where p.count <= 1: stack.push(p[0])
        case UInt8(ascii: "<") where p.count <= 1: stack.pop(p.count == 0 ? 1 : p[0])
        case UInt8(ascii: "=") where p.count <= 2: stack.set(p[0], mode: p.count < 2 ? 1 : p[1])
        case UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "="): return true
        case UInt8(ascii: "?"):
            reply("\u{1B}[?\(stack.current)u")
            return true
        default:
            return false
        }
        if alternate { screen.modes.keyboard.alternateStack = stack } else { screen.modes.keyboard.mainStack = stack }
        return true
    }

    /// XTMODKEYS `CSI > Pp ; Pv m`: only modifyOtherKeys (Pp 4) is kept, with any value as
    /// xterm 379 keeps it (only 1 and 2 change keys); no value resets it to the initial 0. A
    /// sequence without parameters changes nothing in xterm 379, and so here.
    func setKeyModifierOptions(_ p: borrowing Params) {
        guard p.count > 0, p[0] == 4 else { return }
        screen.modes.keyboard.modifyOtherKeys = p.count < 2 ? 0 : p[1]
    }

    /// `CSI > Pp n`: disables the resource, xterm's value -1 (no key changes).
    func disableKeyModifierOptions(_ p: borrowing Params) {
        if p.count > 0, p[0] == 4 { screen.modes.keyboard.modifyOtherKeys = KeyboardModes.modifyOtherKeysDisabled }
    }

    /// XTQMODKEYS `CSI ? Pp m`: answered `CSI > Pp ; Pv m` as xterm 379 answers it: its initial
    /// values for the resources Drover's encoding follows (modifyKeyboard 0, modifyCursorKeys and
    /// modifyFunctionKeys 2, modifyKeypadKeys 0, modifyStringKeys 0), modifyOtherKeys as set, and
    /// -1 (which xterm prints as 65535) for any other resource and for a missing Pp.
    func reportKeyModifierOptions(_ p: borrowing Params) {
        let resource = p.count > 0 ? p[0] : -1
        let value: Int
        switch resource {
        case 0, 3, 5: value = 0
        case 1, 2: value = 2
        case 4: value = screen.modes.keyboard.modifyOtherKeys
        default: value = -1
        }
        reply("\u{1B}[>\(UInt16(truncatingIfNeeded: resource));\(UInt16(truncatingIfNeeded: value))m")
    }
}
