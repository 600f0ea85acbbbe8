import VT

/// A control sequence from the local terminal (`ESC [` already consumed), and the keys,
/// mouse reports and focus changes it stands for.
struct CSISequence {
    /// Bytes after `ESC [`, the final byte included.
    var length: Int
    /// `<`, `?`, `>` or `=` before the parameters, else nil.
    var privateMarker: UInt8?
    /// The first value of each `;`-separated field.
    var parameters: [Int]
    /// The `:`-separated values after the first in each field (kitty's event type, alternate
    /// keys and text), parallel to `parameters`.
    var subparameters: [[Int]] = []
    var final: UInt8

    /// The most bytes after `ESC [` a sequence may take. Real keys and mouse reports use far
    /// fewer; without a cap, `ESC [` and endless digits would be buffered (and rescanned on
    /// every read) for ever.
    static let maxLength = 64

    /// Parses from `start`; nil when the sequence has not fully arrived. A sequence that has
    /// not ended within `maxLength` bytes ends there, unrecognised (its bytes are dropped).
    static func parse(_ bytes: [UInt8], from start: Int) -> CSISequence? {
        var index = start
        var marker: UInt8?
        var parameters: [Int] = []
        var subparameters: [[Int]] = []
        var inSubparameter = false
        var current: Int?
        if index < bytes.count, (0x3C...0x3F).contains(bytes[index]) {
            marker = bytes[index]
            index += 1
        }
        while index < bytes.count {
            if index - start >= maxLength {
                return CSISequence(length: index - start, privateMarker: nil, parameters: [], final: 0)
            }
            let byte = bytes[index]
            switch byte {
            case 0x30...0x39:
                current = min((current ?? 0) * 10 + Int(byte - 0x30), 1_000_000)
            case UInt8(ascii: ";"), UInt8(ascii: ":"):
                if inSubparameter {
                    subparameters[subparameters.count - 1].append(current ?? 0)
                } else {
                    parameters.append(current ?? 0)
                    subparameters.append([])
                }
                inSubparameter = byte == UInt8(ascii: ":")
                current = nil
            case 0x20...0x2F, 0x3C...0x3F:
                break  // intermediates and stray markers: accepted, not used
            case 0x40...0x7E:
                if inSubparameter {
                    subparameters[subparameters.count - 1].append(current ?? 0)
                } else if let current {
                    parameters.append(current)
                    subparameters.append([])
                }
                return CSISequence(length: index - start + 1, privateMarker: marker,
                                   parameters: parameters, subparameters: subparameters, final: byte)
            default:
                // A control byte inside a sequence ends it unrecognised.
                return CSISequence(length: index - start, privateMarker: nil, parameters: [], final: 0)
            }
            index += 1
        }
        return nil
    }

    var isPasteStart: Bool { privateMarker == nil && final == UInt8(ascii: "~") && parameters.first == 200 }

    /// `CSI M` with no parameters: the start of a legacy X10 mouse report.
    var isX10MouseStart: Bool { privateMarker == nil && final == UInt8(ascii: "M") && parameters.isEmpty }

    /// A legacy mouse report: each byte is a value plus 32. Releases do not say which button.
    static func x10Mouse(_ code: UInt8, _ column: UInt8, _ row: UInt8) -> MouseEvent? {
        guard code >= 32, column > 32, row > 32 else { return nil }
        return mouseEvent(code: Int(code) - 32, column: Int(column) - 32, row: Int(row) - 32, pressed: true)
    }

    func parameter(_ index: Int, default value: Int) -> Int {
        index < parameters.count && parameters[index] != 0 ? parameters[index] : value
    }

    /// What the sequence means; unknown sequences mean nothing and are dropped.
    func events() -> [InputEvent] {
        if privateMarker == UInt8(ascii: "<") {
            return mouse().map { [.mouse($0)] } ?? []
        }
        guard privateMarker == nil else { return [] }
        let events = keys()
        // kitty's event type on the legacy-form keys (`CSI 1;1:3A`): a repeat or release goes
        // on as a `KeyEvent` (KeyReport reads it for `CSI u` and `CSI 27~` itself).
        guard final != UInt8(ascii: "u"), subparameters.count > 1, let raw = subparameters[1].first,
              let type = KeyEventType(rawValue: raw), type != .press else { return events }
        return events.map { event in
            guard case let .key(key, modifiers) = event else { return event }
            return .keyEvent(KeyEvent(key, modifiers, type: type))
        }
    }

    /// The keys and focus reports of a sequence without a private marker.
    private func keys() -> [InputEvent] {
        let modifiers = KeyReport.modifiers(parameter(1, default: 1))
        switch final {
        case UInt8(ascii: "A"): return [.key(.up, modifiers)]
        case UInt8(ascii: "B"): return [.key(.down, modifiers)]
        case UInt8(ascii: "C"): return [.key(.right, modifiers)]
        case UInt8(ascii: "D"): return [.key(.left, modifiers)]
        case UInt8(ascii: "H"): return [.key(.home, modifiers)]
        case UInt8(ascii: "F"): return [.key(.end, modifiers)]
        case UInt8(ascii: "P"): return [.key(.function(1), modifiers)]
        case UInt8(ascii: "Q"): return [.key(.function(2), modifiers)]
        case UInt8(ascii: "R"): return [.key(.function(3), modifiers)]
        case UInt8(ascii: "S"): return [.key(.function(4), modifiers)]
        case UInt8(ascii: "Z"): return [.key(.tab, modifiers.union(.shift))]
        case UInt8(ascii: "I") where parameters.isEmpty: return [.focus(true)]
        case UInt8(ascii: "O") where parameters.isEmpty: return [.focus(false)]
        case UInt8(ascii: "~"): return tilde()
        case UInt8(ascii: "u"): return KeyReport.kitty(self).flatMap(KeyReport.inputEvent).map { [$0] } ?? []
        case UInt8(ascii: "M"): return urxvtMouse()
        default: return []
        }
    }

    /// `CSI n ~` and `CSI n ; m ~` keys, and xterm's modifyOtherKeys `CSI 27 ; m ; code ~`.
    private func tilde() -> [InputEvent] {
        let modifiers = KeyReport.modifiers(parameter(1, default: 1))
        let number = parameter(0, default: 0)
        if number == 27 {
            return KeyReport.modifyOtherKeys(self).flatMap(KeyReport.inputEvent).map { [$0] } ?? []
        }
        let key: Key
        switch number {
        case 1, 7: key = .home
        case 2: key = .insert
        case 3: key = .delete
        case 4, 8: key = .end
        case 5: key = .pageUp
        case 6: key = .pageDown
        case 11...15: key = .function(number - 10)
        case 17...21: key = .function(number - 11)
        case 23...26: key = .function(number - 12)
        case 28, 29: key = .function(number - 13)
        case 31...34: key = .function(number - 14)
        default: return []
        }
        return [.key(key, modifiers)]
    }

    /// SGR mouse report `CSI < b ; x ; y M|m`.
    private func mouse() -> MouseEvent? {
        guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m"), parameters.count >= 3 else { return nil }
        return Self.mouseEvent(code: parameters[0], column: parameters[1], row: parameters[2],
                               pressed: final == UInt8(ascii: "M"))
    }

    /// A mouse event from xterm's button code (low bits: button, 4/8/16: shift/meta/ctrl,
    /// 32: motion, 64: wheel). In the legacy encodings button 3 without motion is a release.
    static func mouseEvent(code: Int, column: Int, row: Int, pressed: Bool) -> MouseEvent? {
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let low = code & 3
        let button: MouseButton
        if code & 64 != 0 {
            button = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
        } else if code & 128 != 0 {
            return nil  // buttons 8-11: nothing to map them to
        } else {
            button = [.left, .middle, .right, .none][low]
        }
        let action: MouseAction
        if code & 32 != 0 {
            action = .motion
        } else if button == .none {
            action = .release
        } else {
            action = pressed ? .press : .release
        }
        return MouseEvent(button: button, action: action, column: max(column, 1), row: max(row, 1),
                          modifiers: modifiers)
    }

    /// urxvt's `CSI b ; x ; y M` (mode 1015): the X10 code in decimal.
    private func urxvtMouse() -> [InputEvent] {
        guard parameters.count == 3, parameters[0] >= 32 else { return [] }
        return Self.mouseEvent(code: parameters[0] - 32, column: parameters[1], row: parameters[2], pressed: true)
            .map { [.mouse($0)] } ?? []
    }

    /// `SS3 x` keys: F1-F4, cursor keys, Home/End and the application keypad.
    static func ss3(_ byte: UInt8) -> InputEvent? {
        switch byte {
        case UInt8(ascii: "P"): return .key(.function(1), [])
        case UInt8(ascii: "Q"): return .key(.function(2), [])
        case UInt8(ascii: "R"): return .key(.function(3), [])
        case UInt8(ascii: "S"): return .key(.function(4), [])
        case UInt8(ascii: "A"): return .key(.up, [])
        case UInt8(ascii: "B"): return .key(.down, [])
        case UInt8(ascii: "C"): return .key(.right, [])
        case UInt8(ascii: "D"): return .key(.left, [])
        case UInt8(ascii: "H"): return .key(.home, [])
        case UInt8(ascii: "F"): return .key(.end, [])
        case UInt8(ascii: "M"): return .key(.keypad("\r"), [])
        case UInt8(ascii: "X"): return .key(.keypad("="), [])
        case UInt8(ascii: "j")...UInt8(ascii: "y"):
            // j..y are keypad * + , - . / 0-9 (byte - 0x40).
            return .key(.keypad(Character(Unicode.Scalar(byte - 0x40))), [])
        default: return nil
        }
    }
}
