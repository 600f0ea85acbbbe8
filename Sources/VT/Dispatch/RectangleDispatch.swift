/// VT420 editing sequences with intermediates: the rectangular area operations (`CSI … $ v`,
/// `$ x`, `$ z`, `$ {`, `$ r`, `$ t`, DECSACE `* x`), DECSCA (`" q`) and the column edits
/// DECIC (`' }`) and DECDC (`' ~`), and DECSCL (`" p`). Returns false for a sequence it does not handle.
extension Terminal {
    func editingDispatch(_ p: borrowing Params, intermediates: UInt16, final: UInt8) -> Bool {
        let s = screen
        switch (intermediates, final) {
        case (0x24, UInt8(ascii: "v")):                                  // DECCRA
            // (A default destination row or column in origin mode counts the margin twice, as
            // every rectangle's default corner does: XtermCorpus/rect-origin-*.)
            guard let source = s.rectangle(top: p[0], left: p[1], bottom: p[2], right: p[3]),
                  let corner = s.rectangle(top: p[5], left: p[6], bottom: 0, right: 0) else { return true }
            s.copyRectangle(source, toRow: corner.top, column: corner.left)
        case (0x24, UInt8(ascii: "x")):                                  // DECFRA
            guard let area = s.rectangle(top: p[1], left: p[2], bottom: p[3], right: p[4]),
                  let scalar = Terminal.fillCharacter(p[0]) else { return true }
            s.fillRectangle(area, with: scalar)
        case (0x24, UInt8(ascii: "z")), (0x24, UInt8(ascii: "{")):       // DECERA, DECSERA
            guard let area = s.rectangle(top: p[0], left: p[1], bottom: p[2], right: p[3]) else { return true }
            s.eraseRectangle(area, selective: final == UInt8(ascii: "{"))
        case (0x24, UInt8(ascii: "r")), (0x24, UInt8(ascii: "t")):       // DECCARA, DECRARA
            guard let area = s.rectangle(top: p[0], left: p[1], bottom: p[2], right: p[3]) else { return true }
            var changes: [Int] = []
            for i in 4..<max(4, p.count) { changes.append(p[i]) }
            guard !changes.isEmpty else { return true }            // xterm: no renditions, no change
            let reverse = final == UInt8(ascii: "t")
            s.changeAttributes(area, stream: !rectangularAttributeChanges) { attributes in
                for change in changes {
                    if reverse { attributes.reverse(change) } else { attributes.change(change) }
                }
            }
        case (0x2A, UInt8(ascii: "x")):                                  // DECSACE
            if p[0] <= 2 { rectangularAttributeChanges = p[0] == 2 }
        case (0x22, UInt8(ascii: "q")):                                  // DECSCA
            var pen = s.pen
            let value = p[0]
            if value == 1 { pen.flags.insert(.protected) } else if value == 0 || value == 2 { pen.flags.remove(.protected) }
            s.pen = pen
        case (0x22, UInt8(ascii: "p")): setConformanceLevel(p[0])                // DECSCL
        case (0x24, UInt8(ascii: "|")):                                          // DECSCPP: recorded only
            resizeRequest = ResizeRequest(rows: nil, columns: p[0] == 0 ? 80 : p[0])
        case (0x27, UInt8(ascii: "}")): s.insertColumns(p.value(0, default: 1))   // DECIC
        case (0x27, UInt8(ascii: "~")): s.deleteColumns(p.value(0, default: 1))   // DECDC
        default:
            return false
        }
        return true
    }

    /// DECFRA's character: any printable character (xterm in UTF-8 mode takes more than
    /// DEC's Latin-1); nil for controls, DEL and what is not a Unicode scalar.
    static func fillCharacter(_ code: Int) -> UInt32? {
        guard (32...126).contains(code) || (160...0x10FFFF).contains(code),
              Unicode.Scalar(UInt32(code)) != nil else { return nil }
        return UInt32(code)
    }
}

extension Attributes {
    /// DECCARA: the renditions a VT420 can change (0 clears them all). xterm leaves
    /// invisible (8) alone, so Drover does too.
    mutating func change(_ code: Int) {
        switch code {
        case 0:
            flags.remove([.bold, .blink, .inverse])
            underline = .none
        case 1: flags.insert(.bold)
        case 4: underline = .single
        case 5: flags.insert(.blink)
        case 7: flags.insert(.inverse)
        case 22: flags.remove(.bold)
        case 24: underline = .none
        case 25: flags.remove(.blink)
        case 27: flags.remove(.inverse)
        default: break
        }
    }

    /// DECRARA: the renditions listed are toggled. xterm 379 ignores 0 (DEC's "all") and 8.
    mutating func reverse(_ code: Int) {
        func toggle(_ flag: Flags) { if flags.contains(flag) { flags.remove(flag) } else { flags.insert(flag) } }
        switch code {
        case 1: toggle(.bold)
        case 4: underline = underline == .none ? .single : .none
        case 5: toggle(.blink)
        case 7: toggle(.inverse)
        default: break
        }
    }
}
