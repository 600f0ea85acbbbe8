/// Routes a CSI sequence to its family: cursor, editing, SGR, modes, replies.
/// Unknown sequences are ignored.
extension Terminal {
    func csiDispatch(_ p: borrowing Params, prefix: UInt8, intermediates: UInt16, final: UInt8) {
        if final == UInt8(ascii: "H") && prefix == 0 && intermediates == 0 {
            // CUP with more than two parameters or a sub-parameter (the parser hands the
            // usual form straight to `cursorPosition`).
            cursorPosition(row: p[0], column: p[1])
            return
        }
        if final == UInt8(ascii: "b") && prefix == 0 && intermediates == 0 {   // REP
            screen.repeatLast(p.value(0, default: 1))
        }
        screen.sequenceArrived()
        if final == UInt8(ascii: "u") && intermediates == 0 && prefix != 0 {
            if kittyKeyboard(p, prefix: prefix) { return }
        }
        switch (prefix, intermediates) {
        case (0, 0):
            plainCSI(p, final)
        case (UInt8(ascii: "?"), 0):
            switch final {
            case UInt8(ascii: "h"): setPrivateModes(p, true)
            case UInt8(ascii: "l"): setPrivateModes(p, false)
            case UInt8(ascii: "J"): screen.selectiveEraseInDisplay(p[0])   // DECSED
            case UInt8(ascii: "K"): screen.selectiveEraseInLine(p[0])      // DECSEL
            case UInt8(ascii: "n"): decStatusReport(p)
            case UInt8(ascii: "m"): reportKeyModifierOptions(p)                // XTQMODKEYS
            default: break
            }
        case (UInt8(ascii: "?"), 0x24) where final == UInt8(ascii: "p"):  // ? $ p
            reportMode(p[0], isPrivate: true)
        case (UInt8(ascii: "="), 0) where final == UInt8(ascii: "c"):     // DA3
            tertiaryDeviceAttributes(p[0])
        case (UInt8(ascii: ">"), 0):
            switch final {
            case UInt8(ascii: "c"): secondaryDeviceAttributes(p[0])
            case UInt8(ascii: "q"): versionReport(p[0])
            case UInt8(ascii: "m"): setKeyModifierOptions(p)                    // XTMODKEYS
            case UInt8(ascii: "n"): disableKeyModifierOptions(p)
            default: break
            }
        case (0, 0x20) where final == UInt8(ascii: "q"):                   // DECSCUSR
            screen.cursorStyle = CursorStyle(rawValue: UInt8(min(p[0], 255))) ?? screen.cursorStyle
        case (0, 0x21) where final == UInt8(ascii: "p"):                   // DECSTR
            softReset()
        case (0, 0x24) where final == UInt8(ascii: "p"):                   // DECRQM (ANSI)
            reportMode(p[0], isPrivate: false)
        case (0, 0x2A) where final == UInt8(ascii: "y"):                   // DECRQCRA
            checksumReport(p)
        case (0, _):
            _ = editingDispatch(p, intermediates: intermediates, final: final)
        default:
            break
        }
    }

    private func plainCSI(_ p: borrowing Params, _ final: UInt8) {
        let s = screen
        let n = p.value(0, default: 1)
        switch final {
        case UInt8(ascii: "@"): s.insertBlanks(n)                                   // ICH
        case UInt8(ascii: "A"): s.cursorUp(n)                                       // CUU
        case UInt8(ascii: "B"), UInt8(ascii: "e"): s.cursorDown(n)                  // CUD, VPR
        case UInt8(ascii: "C"), UInt8(ascii: "a"): s.cursorForward(n)               // CUF, HPR
        case UInt8(ascii: "D"): s.cursorBackward(n)                                 // CUB
        case UInt8(ascii: "E"): s.cursorDown(n); s.carriageReturn()                 // CNL
        case UInt8(ascii: "F"): s.cursorUp(n); s.carriageReturn()                   // CPL
        case UInt8(ascii: "G"), UInt8(ascii: "`"): s.moveTo(column: n)             // CHA, HPA
        case UInt8(ascii: "H"), UInt8(ascii: "f"):                                  // CUP, HVP
            s.moveTo(row: n, column: p.value(1, default: 1))
        case UInt8(ascii: "I"): s.tabForward(n)                                     // CHT
        case UInt8(ascii: "J"):                                                     // ED
            if p[0] == 3 { s.clearHistory() } else { s.eraseInDisplay(p[0]) }
        case UInt8(ascii: "K"): s.eraseInLine(p[0])                                 // EL
        case UInt8(ascii: "L"): s.insertLines(n)                                    // IL
        case UInt8(ascii: "M"): s.deleteLines(n)                                    // DL
        case UInt8(ascii: "P"): s.deleteCharacters(n)                               // DCH
        case UInt8(ascii: "S"): s.scrollUp(min(n, s.rows))                          // SU
        case UInt8(ascii: "T") where p.count <= 1: s.scrollDown(min(n, s.rows))     // SD
        case UInt8(ascii: "X"): s.eraseCharacters(n)                                // ECH
        case UInt8(ascii: "Z"): s.tabBackward(n)                                    // CBT
        case UInt8(ascii: "c"): if p[0] == 0 { primaryDeviceAttributes() }          // DA1
        case UInt8(ascii: "d"): s.moveTo(row: n)                                    // VPA
        case UInt8(ascii: "g"): s.clearTabStop(p[0])                                // TBC
        case UInt8(ascii: "h"): setANSIModes(p, true)                               // SM
        case UInt8(ascii: "l"): setANSIModes(p, false)                              // RM
        case UInt8(ascii: "m"): selectGraphicRendition(p)                           // SGR
        case UInt8(ascii: "n"): statusReport(p[0])                                  // DSR
        case UInt8(ascii: "r"):                                                     // DECSTBM
            s.setScrollRegion(top: p.value(0, default: 1) - 1, bottom: p.value(1, default: s.rows) - 1)
        case UInt8(ascii: "s"):                                                     // DECSLRM / SCOSC
            if s.modes.leftRightMarginMode {
                s.setHorizontalMargins(left: p.value(0, default: 1) - 1, right: p.value(1, default: s.columns) - 1)
            } else {
                s.saveCursor()
            }
        case UInt8(ascii: "u"): s.restoreCursor()                                   // SCORC
        case UInt8(ascii: "t"): windowReport(p)                                     // XTWINOPS
        default: break
        }
    }
}
