/// OSC strings: window title (0, 2), hyperlinks (8), colour queries (10, 11, 12).
extension Terminal {
    func oscDispatch(_ data: UnsafeBufferPointer<UInt8>, bell: Bool) {
        // "Ps ; Pt": the number up to the first ';'.
        var number = 0
        var i = 0
        while i < data.count, data[i] >= 0x30, data[i] <= 0x39, number < 100_000 {
            number = number * 10 + Int(data[i] - 0x30)
            i += 1
        }
        guard i > 0 else { return }
        let rest: UnsafeBufferPointer<UInt8>
        if i < data.count {
            guard data[i] == UInt8(ascii: ";") else { return }
            rest = UnsafeBufferPointer(rebasing: data[(i + 1)...])
        } else {
            rest = UnsafeBufferPointer(rebasing: data[i...])
        }
        switch number {
        case 0, 2:
            title = String(decoding: rest, as: UTF8.self)
        case 8:
            hyperlink(rest)
        case 10, 11, 12:
            colorQueries(first: number, rest, bell: bell)
        default:
            break
        }
    }

    /// OSC 8 ; params ; URI — an empty URI ends the link.
    private func hyperlink(_ rest: UnsafeBufferPointer<UInt8>) {
        guard let separator = rest.firstIndex(of: UInt8(ascii: ";")) else { return }
        let uri = String(decoding: UnsafeBufferPointer(rebasing: rest[(separator + 1)...]), as: UTF8.self)
        screen.pen.link = uri.isEmpty ? 0 : screen.linkID(for: uri)
    }

    /// `OSC 10 ; ? ST` and friends. Each `?` after the first asks about the next colour
    /// (`OSC 10 ; ? ; ? ST` asks for foreground and background). Setting colours is ignored:
    /// Drover's colours are the local terminal's.
    private func colorQueries(first: Int, _ rest: UnsafeBufferPointer<UInt8>, bell: Bool) {
        let terminator = bell ? "\u{07}" : "\u{1B}\\"
        var number = first
        for item in rest.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            guard number <= 12 else { return }
            if item.count == 1 && item.first == UInt8(ascii: "?") {
                let color: RGBColor
                switch number {
                case 10: color = colors.foreground
                case 11: color = colors.background
                default: color = colors.cursor
                }
                reply("\u{1B}]\(number);\(color.xtermSpecification)\(terminator)")
            }
            number += 1
        }
    }
}
