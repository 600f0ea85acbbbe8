/// DCS strings. Only DECRQSS (`DCS $ q Pt ST`) is understood; everything else is dropped.
enum DCSKind {
    case ignored
    case statusRequest
}

extension Terminal {
    static let dcsLimit = 32

    func hook(_ params: borrowing Params, prefix: UInt8, intermediates: UInt16, final: UInt8) {
        screen.sequenceArrived()
        dcsBuffer.removeAll(keepingCapacity: true)
        dcsKind = (prefix == 0 && intermediates == 0x24 && final == UInt8(ascii: "q")) ? .statusRequest : .ignored
    }

    func put(_ byte: UInt8) {
        guard dcsKind == .statusRequest else { return }
        if dcsBuffer.count < Terminal.dcsLimit {
            dcsBuffer.append(byte)
        } else {
            dcsKind = .ignored
        }
    }

    func unhook() {
        defer {
            dcsKind = .ignored
            dcsBuffer.removeAll(keepingCapacity: true)
        }
        guard dcsKind == .statusRequest, conformanceLevel > 1 else { return }   // no DECRQSS on a VT100
        statusStringReport(String(decoding: dcsBuffer, as: UTF8.self))
    }

    /// DECRQSS: `DCS 1 $ r setting ST` for a setting xterm reports, `DCS 0 $ r ST` otherwise.
    private func statusStringReport(_ request: String) {
        let s = screen
        let answer: String?
        switch request {
        case "m": answer = s.pen.sgrParameters + "m"
        case "r": answer = "\(s.top + 1);\(s.bottom + 1)r"
        case "s": answer = conformanceLevel >= 4 ? "\(s.left + 1);\(s.right + 1)s" : nil       // DECSLRM is VT420
        case " q": answer = "\(s.cursorStyle == .default ? 2 : Int(s.cursorStyle.rawValue)) q"   // xterm: default is 2
        case "\"p": answer = "\(conformanceLevel + 60);1\"p"                                    // DECSCL, 7-bit
        case "\"q": answer = s.pen.flags.contains(.protected) ? "1\"q" : "0\"q"                 // DECSCA
        case "t": answer = "\(s.rows)t"                                                         // DECSLPP
        case "*|": answer = "\(s.rows)*|"                                                       // DECSNLS
        // DECSCPP: xterm reports 80 columns per page whatever the window's width (132 only in
        // DECCOLM's 132-column mode, which its default resources refuse, as Drover does).
        case "$|": answer = "80$|"
        default: answer = nil
        }
        if let answer {
            reply("\u{1B}P1$r\(answer)\u{1B}\\")
        } else {
            reply("\u{1B}P0$r\u{1B}\\")
        }
    }
}

extension Attributes {
    /// The SGR parameters that recreate these attributes from a reset, starting with 0, in
    /// xterm's DECRQSS order and forms (extended colours with colons; overline, which xterm
    /// 379 lacks, last).
    var sgrParameters: String {
        var parts = ["0"]
        if flags.contains(.bold) { parts.append("1") }
        switch underline {
        case .none: break
        case .single: parts.append("4")
        case .double: parts.append("21")
        default: parts.append("4:\(underline.rawValue)")
        }
        let map: [(Flags, String)] = [(.blink, "5"), (.rapidBlink, "6"), (.inverse, "7"), (.hidden, "8"),
                                      (.faint, "2"), (.italic, "3"), (.strikethrough, "9")]
        for (flag, code) in map where flags.contains(flag) { parts.append(code) }
        if let fg = foreground.sgr(base: 30, extended: 38) { parts.append(fg) }
        if let bg = background.sgr(base: 40, extended: 48) { parts.append(bg) }
        if let ul = underlineColor.sgr(base: nil, extended: 58) { parts.append(ul) }
        if flags.contains(.overline) { parts.append("53") }
        return parts.joined(separator: ";")
    }
}

extension Color {
    /// This colour as SGR parameters (`31`, `91`, `38:5:n`, `38:2::r:g:b`); nil for default.
    func sgr(base: Int?, extended: Int) -> String? {
        switch self {
        case .default:
            return nil
        case .indexed(let n):
            if let base, n < 8 { return "\(base + Int(n))" }
            if let base, n < 16 { return "\(base + 60 + Int(n) - 8)" }
            return "\(extended):5:\(n)"
        case .rgb(let r, let g, let b):
            return "\(extended):2::\(r):\(g):\(b)"
        }
    }
}
