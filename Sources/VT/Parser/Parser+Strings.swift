/// The string states of `Parser`: DCS headers and passthrough, OSC collection and dispatch.
/// Kept apart from the escape and CSI states so each file reads as one part of the diagram;
/// the members they share are internal to the module, never public.
extension Parser {
    mutating func dcs<H: ParserHandler>(_ b: UInt8, _ handler: H) {
        if stringEnd.ends(b) { state = .ground; return }
        if state == .dcsIgnore { return }
        switch b {
        case 0x30...0x39:
            if state == .dcsIntermediate { state = .dcsIgnore; return }
            params.addDigit(b); state = .dcsParam
        case 0x3A, 0x3B:
            if state == .dcsIntermediate { state = .dcsIgnore; return }
            params.separate(subparameter: b == 0x3A); state = .dcsParam
        case 0x3C...0x3F:
            if state == .dcsEntry { prefix = b; state = .dcsParam } else { state = .dcsIgnore }
        case 0x20...0x2F:
            state = collect(b) ? .dcsIntermediate : .dcsIgnore
        case 0x40...0x7E:
            params.finish()
            state = .dcsPassthrough
            handler.hook(params, prefix: prefix, intermediates: intermediates, final: b)
        default:
            break
        }
    }

    mutating func oscByte<H: ParserHandler>(_ b: UInt8, _ handler: H) {
        // BEL or ST ends the string (0x07 is never part of a UTF-8 character).
        if b == 0x07 || stringEnd.ends(b) {
            state = .ground
            dispatchOSC(bell: b == 0x07, handler)
            return
        }
        if b < 0x20 { return }
        if osc.count < Parser.oscLimit || (osc.count < Parser.clipboardOSCLimit && isClipboardOSC) {
            osc.append(b)
        } else {
            oscOverflow = true
        }
    }

    /// OSC 52 (`52;…`) may carry up to `ClipboardRequest.maximumBytes` of base64 text, so it alone
    /// gets the larger limit; the buffer shrinks back after such a string (`dispatchOSC`).
    private var isClipboardOSC: Bool {
        osc[0] == UInt8(ascii: "5") && osc[1] == UInt8(ascii: "2") && osc[2] == UInt8(ascii: ";")
    }

    static let clipboardOSCLimit = (ClipboardRequest.maximumBytes + 2) / 3 * 4 + 64

    /// Leaving a string state because ESC arrived: an OSC ends (ESC \ is ST), DCS unhooks.
    mutating func endString<H: ParserHandler>(_ handler: H) {
        switch state {
        case .oscString: dispatchOSC(bell: false, handler)
        case .dcsPassthrough: handler.unhook()
        default: break
        }
    }

    mutating func dispatchOSC<H: ParserHandler>(bell: Bool, _ handler: H) {
        if !oscOverflow {
            osc.withUnsafeBufferPointer { handler.oscDispatch($0, bell: bell) }
        }
        clearOSC()
    }

    /// Empties the OSC buffer, giving back what a long OSC 52 grew it to.
    mutating func clearOSC() {
        if osc.capacity > Parser.oscLimit * 2 {
            osc = []
            osc.reserveCapacity(Parser.oscLimit)
        } else {
            osc.removeAll(keepingCapacity: true)
        }
        oscOverflow = false
    }

    mutating func enterOSC() {
        state = .oscString
        clearOSC()
        stringEnd = StringTerminator()
    }
}
