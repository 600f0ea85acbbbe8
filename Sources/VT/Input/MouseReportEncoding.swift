/// Mouse half of `InputEncoder`: which events the tracking mode reports, and how the
/// report is encoded (X10, UTF-8, SGR, urxvt, SGR-pixels).
extension InputEncoder {
    func encodeMouse(_ event: MouseEvent) -> [UInt8] {
        let tracking = modes.mouse.tracking
        if tracking == .off { return alternateScroll(event) }
        guard reports(event, under: tracking) else { return [] }
        let code = buttonCode(event, tracking: tracking)
        return report(code, event)
    }

    /// Whether `tracking` reports `event` at all.
    private func reports(_ event: MouseEvent, under tracking: MouseTracking) -> Bool {
        let isWheel = InputEncoder.wheelBase(event.button) != nil
        switch event.action {
        case .press:
            return event.button != .none
        case .release:
            // Wheel "buttons" have no release; X10 compatibility reports presses only.
            return tracking != .x10 && !isWheel && event.button != .none
        case .motion:
            switch tracking {
            case .anyEvent: return !isWheel
            case .buttonEvent: return !isWheel && event.button != .none
            default: return false
            }
        }
    }

    static func wheelBase(_ button: MouseButton) -> Int? {
        switch button {
        case .wheelUp: return 64
        case .wheelDown: return 65
        case .wheelLeft: return 66
        case .wheelRight: return 67
        default: return nil
        }
    }

    /// xterm's Cb before the +32 of the byte encodings: button, modifiers (shift 4, meta 8,
    /// ctrl 16; none in X10 compatibility) and motion (+32).
    private func buttonCode(_ event: MouseEvent, tracking: MouseTracking) -> Int {
        var code: Int
        switch event.button {
        case .left: code = 0
        case .middle: code = 1
        case .right: code = 2
        case .none: code = 3
        default: code = InputEncoder.wheelBase(event.button) ?? 0
        }
        // Only SGR forms can say which button was released; the others send 3.
        let sgr = modes.mouse.encoding == .sgr || modes.mouse.encoding == .sgrPixels
        if event.action == .release && !sgr { code = 3 }
        if tracking != .x10 {
            if event.modifiers.contains(.shift) { code += 4 }
            if event.modifiers.contains(.alt) || event.modifiers.hasXtermMeta { code += 8 }
            if event.modifiers.contains(.control) { code += 16 }
        }
        if event.action == .motion { code += 32 }
        return code
    }

    private func report(_ code: Int, _ event: MouseEvent) -> [UInt8] {
        let column = max(1, event.column), row = max(1, event.row)
        switch modes.mouse.encoding {
        case .x10:
            guard column <= 223, row <= 223 else { return [] }
            return InputEncoder.csi + [0x4D, UInt8(code + 32), UInt8(column + 32), UInt8(row + 32)]
        case .utf8:
            guard column <= 2015, row <= 2015 else { return [] }
            var out = InputEncoder.csi + [0x4D]
            for value in [code + 32, column + 32, row + 32] {
                guard let scalar = Unicode.Scalar(UInt32(value)) else { return [] }
                out += Array(String(Character(scalar)).utf8)
            }
            return out
        case .sgr:
            return sgrReport(code, column, row, release: event.action == .release)
        case .sgrPixels:
            let x = (column - 1) * cellPixelWidth + 1
            let y = (row - 1) * cellPixelHeight + 1
            return sgrReport(code, x, y, release: event.action == .release)
        case .urxvt:
            return InputEncoder.csi + Array("\(code + 32);\(column);\(row)M".utf8)
        }
    }

    private func sgrReport(_ code: Int, _ x: Int, _ y: Int, release: Bool) -> [UInt8] {
        InputEncoder.csi + Array("<\(code);\(x);\(y)\(release ? "m" : "M")".utf8)
    }

    /// `?1007`: with tracking off on the alternate screen, a wheel notch becomes cursor keys.
    private func alternateScroll(_ event: MouseEvent) -> [UInt8] {
        guard modes.alternateScroll, modes.alternateScreen, event.action == .press else { return [] }
        let final: UInt8
        switch event.button {
        case .wheelUp: final = 0x41
        case .wheelDown: final = 0x42
        default: return []
        }
        let one = cursorKey(final, [])
        return Array((0..<alternateScrollLines).map { _ in one }.joined())
    }
}
