/// The host's keyboard requests: the kitty keyboard protocol (`CSI > u` push, `CSI < u` pop,
/// `CSI = u` set, `CSI ? u` query, on the stack of the screen shown) and xterm's
/// modifyOtherKeys (`CSI > 4 ; n m` set, `CSI > 4 m` back to the initial 0, `CSI > 4 n` off,
/// `CSI ? 4 m` query). Every value is bounded by the parser (at most 65535) and the stacks by
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

    /// XTMODKEYS `CSI > Pp ; Pv m`: only modifyOtherKeys (Pp 4) is kept; values above 2 are
    /// ignored, as xterm ignores them. No parameter at all resets every resource.
    func setKeyModifierOptions(_ p: borrowing Params) {
        let resource = p[0], count = p.count
        guard count == 0 || resource == 4 else { return }
        if count < 2 {
            screen.modes.keyboard.modifyOtherKeys = 0
        } else if (0...2).contains(p[1]) {
            screen.modes.keyboard.modifyOtherKeys = p[1]
        }
    }

    /// `CSI > Pp n`: disables the resource; for modifyOtherKeys that is the same as 0.
    func disableKeyModifierOptions(_ p: borrowing Params) {
        if p[0] == 4 { screen.modes.keyboard.modifyOtherKeys = 0 }
    }

    /// XTQMODKEYS `CSI ? Pp m`: answered `CSI > Pp ; Pv m` as xterm 379 answers it (modifyKeyboard
    /// 0, modifyCursorKeys and modifyFunctionKeys 2, which Drover's encoding follows).
    func reportKeyModifierOptions(_ p: borrowing Params) {
        let value: Int
        switch p[0] {
        case 0: value = 0
        case 1, 2: value = 2
        case 4: value = screen.modes.keyboard.modifyOtherKeys
        default: return
        }
        reply("\u{1B}[>\(p[0]);\(value)m")
    }
}
