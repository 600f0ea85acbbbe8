/// OSC strings: window title (0, 2), hyperlinks (8), colours (4, 5, 10–19, 104, 110–119; 105
/// is ignored, as by xterm 379), clipboard (52), notifications (9, 99, 777) and progress (9;4),
/// which wait for the owner (`Terminal+Alerts.swift`).
extension Terminal {
    func oscDispatch(_ data: UnsafeBufferPointer<UInt8>, bell: Bool) {
        screen.sequenceArrived()
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
        case 4, 5:
            paletteControl(String(decoding: rest, as: UTF8.self), special: number == 5, bell: bell)
        case 10...19:
            dynamicColors(first: number, String(decoding: rest, as: UTF8.self), bell: bell)
        case 104:
            resetPalette(String(decoding: rest, as: UTF8.self))
        case 110...119 where rest.isEmpty:   // xterm ignores a reset with a parameter (`111;x`)
            colorTable.setDynamic(number - 100, nil)
        case 52:
            clipboard(rest)
        case 9:
            if let progress = RemoteProgress.parse(osc9: rest) {
                report(progress)
            } else {
                notify(RemoteNotification.osc9(rest))
            }
        case 99:
            notify(kittyNotifications.take(rest))
        case 777:
            notify(RemoteNotification.osc777(rest))
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
}
