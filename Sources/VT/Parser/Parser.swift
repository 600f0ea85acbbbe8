/// The DEC/ANSI parser state machine (after Paul Williams' VT500 diagram) over raw bytes.
///
/// It never allocates while parsing: parameters live in fixed storage and the OSC buffer is
/// reserved once and bounded (`Parser.oscLimit`, `clipboardOSCLimit` for OSC 52; a longer string
/// is dropped whole). UTF-8 is
/// decoded in ground state with its state kept across feeds. Runs of printable ASCII are handed
/// to the handler in one `printASCII` call.
struct Parser {
    static let oscLimit = 4096

    enum State: UInt8 {
        case ground, escape, escapeIntermediate
        case csiEntry, csiParam, csiIntermediate, csiIgnore
        case oscString
        case dcsEntry, dcsParam, dcsIntermediate, dcsPassthrough, dcsIgnore
        /// SOS, PM and APC: consumed and dropped until ST.
        case ignoreString
    }

    var state = State.ground
    /// The OSC or DCS string an ESC interrupted, until the next byte says whether it was ST.
    private var stringBeforeEscape = State.ground
    var params = Params()
    var prefix: UInt8 = 0
    var intermediates: UInt16 = 0
    private var intermediateCount = 0
    private var utf8 = UTF8Decoder()
    var osc: ContiguousArray<UInt8> = []
    var oscOverflow = false
    /// Whether a raw 0x9C ends the current string (not when it continues a UTF-8 character).
    var stringEnd = StringTerminator()

    init() {
        osc.reserveCapacity(Parser.oscLimit)
    }

    mutating func advance<H: ParserHandler>(_ bytes: UnsafeRawBufferPointer, _ handler: H) {
        guard let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let n = bytes.count
        var i = 0
        while i < n {
            let b = start[i]
            if state == .ground {
                if b &- 0x20 < 0x5F && !utf8.isPending {
                    let j = PrintableRun.end(start, from: i + 1, to: n)
                    handler.printASCII(UnsafeBufferPointer(start: start + i, count: j - i))
                    i = j
                    continue
                }
                if b == 0x1B && i + 1 < n && start[i + 1] == 0x5B && !utf8.isPending {
                    enterSequence(.csiEntry)    // ESC [ straight to the parameters
                    i += 2
                    continue
                }
                if b >= 0xC2 && !utf8.isPending && !handler.eightBitGraphics {
                    let j = handler.printUTF8(start, from: i, to: n)
                    if j > i {
                        i = j
                        continue
                    }
                }
                ground(b, handler)
            } else if state == .csiParam || state == .csiEntry {
                // Parameters in a tight loop: digits and ';' are most of a CSI sequence.
                let j = params.scan(start, from: i, to: n)
                if j > i { state = .csiParam }
                i = j
                if i < n {
                    // A final byte needs none of step's checks for CAN, SUB and ESC.
                    if start[i] &- 0x40 < 0x3F { csi(start[i], handler) } else { step(start[i], handler) }
                }
            } else {
                step(b, handler)
            }
            i += 1
        }
    }

    // MARK: ground


    private mutating func ground<H: ParserHandler>(_ b: UInt8, _ handler: H) {
        if b < 0x80 && !utf8.isPending {
            control(b, handler)
            return
        }
        if !utf8.isPending && handler.eightBitGraphics {
            if b >= 0xA0 { handler.print(UInt32(b)) }   // xterm drops 0x80-0x9F here, even CSI and DCS
            return
        }
        switch utf8.decode(b) {
        case .pending:
            break
        case .scalar(let s):
            if s >= 0x80 && s < 0xA0 {
                c1(UInt8(s), handler)
            } else if s < 0x80 {
                control(UInt8(s), handler)
            } else {
                handler.print(s)
            }
        case .invalid:
            handler.print(UTF8Decoder.replacement)
        case .invalidReprocess:
            handler.print(UTF8Decoder.replacement)
            ground(b, handler)
        }
    }

    /// An ASCII byte in ground state: printable, C0 control, ESC or DEL.
    @inline(__always)
    private mutating func control<H: ParserHandler>(_ b: UInt8, _ handler: H) {
        if b == 0x1B {
            enterEscape()
        } else if b < 0x20 {
            handler.execute(b)
        } else if b < 0x7F {
            handler.print(UInt32(b))
        } else {
            handler.execute(b)   // DEL: drawn only from a 96-character set
        }
    }

    /// A C1 control, raw or decoded from UTF-8.
    private mutating func c1<H: ParserHandler>(_ code: UInt8, _ handler: H) {
        switch code {
        case 0x90: enterSequence(.dcsEntry)
        case 0x9B: enterSequence(.csiEntry)
        case 0x9D: enterOSC()
        case 0x98, 0x9E, 0x9F: enterSequence(.ignoreString)
        case 0x9C: state = .ground
        default:
            state = .ground
            handler.execute(code)
        }
    }

    // MARK: other states

    private mutating func step<H: ParserHandler>(_ b: UInt8, _ handler: H) {
        // Transitions from anywhere: CAN and SUB abort, ESC starts over.
        if b == 0x18 || b == 0x1A {
            if state == .dcsPassthrough { handler.unhook() }
            state = .ground
            stringBeforeEscape = .ground
            return
        }
        if b == 0x1B {
            // An OSC or DCS string counts only when ESC is followed by `\` (ST; more ESCs may
            // come first): xterm drops it otherwise, so it waits in `stringBeforeEscape`.
            if state != .escape { stringBeforeEscape = state == .oscString || state == .dcsPassthrough ? state : .ground }
            enterEscape()
            return
        }
        switch state {
        case .ground:
            ground(b, handler)
        case .escape:
            if stringBeforeEscape != .ground {
                let ended = stringBeforeEscape
                stringBeforeEscape = .ground
                if b == 0x5C {
                    state = ended
                    endString(handler)
                    state = .ground
                    return
                }
                if ended == .oscString { clearOSC() }
            }
            escape(b, handler)
        case .escapeIntermediate:
            if b < 0x20 {
                handler.execute(b)
            } else if b < 0x30 {
                collect(b)
            } else if b < 0x7F {
                state = .ground
                handler.escDispatch(intermediates: intermediates, final: b)
            } else if b >= 0x80 && b < 0xA0 {
                c1(b, handler)
            }
        case .csiEntry, .csiParam, .csiIntermediate, .csiIgnore:
            csi(b, handler)
        case .oscString:
            oscByte(b, handler)
        case .dcsEntry, .dcsParam, .dcsIntermediate, .dcsIgnore:
            dcs(b, handler)
        case .dcsPassthrough:
            if stringEnd.ends(b) { state = .ground; handler.unhook() } else if b != 0x7F { handler.put(b) }
        case .ignoreString:
            if stringEnd.ends(b) { state = .ground }
        }
    }

    private mutating func escape<H: ParserHandler>(_ b: UInt8, _ handler: H) {
        switch b {
        case 0x00...0x1F: handler.execute(b)
        case 0x20...0x2F: collect(b); state = .escapeIntermediate
        case 0x5B: enterSequence(.csiEntry)             // [
        case 0x5D: enterOSC()                           // ]
        case 0x50: enterSequence(.dcsEntry)             // P
        case 0x58, 0x5E, 0x5F: enterSequence(.ignoreString)  // X ^ _
        case 0x30...0x7E:
            state = .ground
            handler.escDispatch(intermediates: 0, final: b)
        case 0x80...0x9F: c1(b, handler)
        default: break
        }
    }

    private mutating func csi<H: ParserHandler>(_ b: UInt8, _ handler: H) {
        switch b {
        case 0x00...0x1F:
            handler.execute(b)
        case 0x30...0x39:
            if state == .csiIntermediate { state = .csiIgnore }
            if state != .csiIgnore { params.addDigit(b); state = .csiParam }
        case 0x3A, 0x3B:
            if state == .csiIntermediate { state = .csiIgnore }
            if state != .csiIgnore { params.separate(subparameter: b == 0x3A); state = .csiParam }
        case 0x3C...0x3F:
            if state == .csiEntry {
                prefix = b
                state = .csiParam
            } else {
                state = .csiIgnore
            }
        case 0x20...0x2F:
            if state != .csiIgnore {
                if collect(b) { state = .csiIntermediate } else { state = .csiIgnore }
            }
        case 0x40...0x7E:
            let ignored = state == .csiIgnore
            state = .ground
            if ignored { break }
            if b == 0x48 && prefix == 0 && intermediates == 0, let (row, column) = params.plainPair() {
                handler.cursorPosition(row: row, column: column)   // CUP
                break
            }
            params.finish()
            if b == 0x6D && prefix == 0 && intermediates == 0 {
                handler.selectGraphicRendition(sequence: params)   // SGR
                break
            }
            handler.csiDispatch(params, prefix: prefix, intermediates: intermediates, final: b)
        case 0x80...0x9F:
            c1(b, handler)
        default:
            break
        }
    }

    // MARK: helpers

    @inline(__always)
    private mutating func enterEscape() {
        state = .escape
        intermediates = 0
        intermediateCount = 0
    }

    private mutating func enterSequence(_ next: State) {
        state = next
        params.reset()
        prefix = 0
        intermediates = 0
        intermediateCount = 0
        stringEnd = StringTerminator()
    }

    /// Records an intermediate byte; false when there are too many (the sequence is ignored).
    @discardableResult
    mutating func collect(_ b: UInt8) -> Bool {
        guard intermediateCount < 2 else { return false }
        intermediates = intermediates << 8 | UInt16(b)
        intermediateCount += 1
        return true
    }
}
