/// The parser's callbacks: printing, C0/C1 controls and escape sequences.
extension Terminal: ParserHandler {
    func printASCII(_ run: UnsafeBufferPointer<UInt8>) {
        screen.printASCII(run)
    }

    func print(_ scalar: UInt32) {
        screen.print(scalar)
    }

    func printUTF8(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        screen.printUTF8(bytes, from: start, to: end)
    }

    var eightBitGraphics: Bool { screen.eightBitGraphics }

    func cursorPosition(row: Int, column: Int) {
        screen.sequenceArrived()   // ends a wide run; REP after it repeats nothing
        screen.moveTo(row: row == 0 ? 1 : row, column: column == 0 ? 1 : column)
    }

    func selectGraphicRendition(sequence params: borrowing Params) {
        screen.sequenceArrived()   // as csiDispatch does for every sequence
        selectGraphicRendition(params)
    }

    func execute(_ control: UInt8) {
        let s = screen
        s.sequenceArrived()
        switch control {
        case 0x07: bellCount &+= 1                           // BEL
        case 0x08: s.backspace()                             // BS
        case 0x09: s.tabForward(1)                           // HT
        case 0x0A, 0x0B, 0x0C: s.lineFeed()                  // LF VT FF
        case 0x0D: s.carriageReturn()                        // CR
        case 0x0E: s.shiftedOut = true; s.lockingShift = 0; s.charsetsChanged()   // SO
        case 0x0F: s.shiftedOut = false; s.lockingShift = 0; s.charsetsChanged()  // SI
        case 0x7F where s.graphicLeft == .latin1Supplement: s.print(0x7F)   // DEL is ÿ in a 96-set
        case 0x84: s.pendingWrap = false; s.index()          // IND
        case 0x85: s.carriageReturn(); s.index()             // NEL
        case 0x88: s.setTabStop()                            // HTS
        case 0x8D: s.reverseIndex()                          // RI
        default: break                                       // NUL and the rest: nothing to draw
        }
    }

    func escDispatch(intermediates: UInt16, final: UInt8) {
        let s = screen
        s.sequenceArrived()
        switch (intermediates, final) {
        case (0, UInt8(ascii: "7")): s.saveCursor()                      // DECSC
        case (0, UInt8(ascii: "8")): s.restoreCursor()                   // DECRC
        case (0, UInt8(ascii: "D")): execute(0x84)                       // IND
        case (0, UInt8(ascii: "E")): execute(0x85)                       // NEL
        case (0, UInt8(ascii: "H")): execute(0x88)                       // HTS
        case (0, UInt8(ascii: "M")): execute(0x8D)                       // RI
        case (0, UInt8(ascii: "c")): fullReset()                         // RIS
        case (0, UInt8(ascii: "=")): s.modes.applicationKeypad = true    // DECKPAM
        case (0, UInt8(ascii: ">")): s.modes.applicationKeypad = false   // DECKPNM
        case (0x23, UInt8(ascii: "8")): s.alignmentTest()                // DECALN
        case (0, UInt8(ascii: "Z")): primaryDeviceAttributes()           // DECID
        case (0, UInt8(ascii: "6")): s.backIndex()                       // DECBI
        case (0, UInt8(ascii: "9")): s.forwardIndex()                    // DECFI
        case (0x28, _), (0x29, _), (0x2A, _), (0x2B, _):                 // SCS G0 / G1 / G2 / G3
            designate(slot: intermediates, Charset(designator: final, national: s.modes.nationalReplacement))
        case (0x2D, UInt8(ascii: "A")), (0x2E, UInt8(ascii: "A")), (0x2F, UInt8(ascii: "A")):  // 96-set Latin-1 into G1-G3
            designate(slot: intermediates - 4, .latin1Supplement)
        case (0x2825, _), (0x2925, _), (0x2A25, _), (0x2B25, _), (0x2822, _), (0x2922, _), (0x2A22, _), (0x2B22, _):
            designate(slot: intermediates >> 8, Charset(designator: final, intermediate: UInt8(intermediates & 0xFF),
                                                        national: s.modes.nationalReplacement))
        case (0, UInt8(ascii: "N")), (0, UInt8(ascii: "O")):             // SS2, SS3
            s.singleShift = final == UInt8(ascii: "N") ? 2 : 3
            s.charsetsChanged()
        case (0, UInt8(ascii: "n")), (0, UInt8(ascii: "o")):             // LS2, LS3
            s.lockingShift = final == UInt8(ascii: "n") ? 2 : 3
            s.charsetsChanged()
        case (0, UInt8(ascii: "~")), (0, UInt8(ascii: "}")), (0, UInt8(ascii: "|")):   // LS1R, LS2R, LS3R
            s.lockingShiftRight = final == UInt8(ascii: "~") ? 1 : final == UInt8(ascii: "}") ? 2 : 3
            s.charsetsChanged()
        default:
            break
        }
    }

    /// SCS: `set` into G0–G3 (`slot` is the `(`, `)`, `*` or `+` intermediate); unknown sets are ignored.
    private func designate(slot: UInt16, _ set: Charset?) {
        guard let set else { return }
        let s = screen
        switch slot {
        case 0x28: s.g0 = set
        case 0x29: s.g1 = set
        case 0x2A: s.g2 = set
        default: s.g3 = set
        }
        s.charsetsChanged()
    }
}
