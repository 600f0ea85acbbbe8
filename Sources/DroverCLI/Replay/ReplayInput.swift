import VT

/// Parses `drover replay --input EVENT` values into `InputEvent`s:
/// `click:COL,ROW`, `release:COL,ROW`, `motion:COL,ROW`, `drag:COL,ROW`, `wheel-up:COL,ROW`,
/// `wheel-down:COL,ROW`, `wheel-left:COL,ROW`, `wheel-right:COL,ROW` (left button, 1-based
/// cells, optional `+shift+alt+ctrl` after the position), `key:NAME[+MOD]...`, `text:TEXT`,
/// `paste:TEXT`, `focus:in`, `focus:out`. A key may also be a repeat or a release, which only the
/// kitty keyboard protocol's event types send.
enum ReplayInput {
    static let help = """
        EVENT is one of: click:COL,ROW  release:COL,ROW  drag:COL,ROW (motion with the left button)
        motion:COL,ROW (no button)  wheel-up:COL,ROW  wheel-down:COL,ROW  wheel-left:COL,ROW
        wheel-right:COL,ROW  key:NAME[+MOD]...[+repeat|+release]  text:TEXT  paste:TEXT
        focus:in  focus:out. Positions count from 1. Key names: up down left right home end
        pageup pagedown insert delete backspace enter tab escape space f1..f24, kp0..kp9,
        kp. kp+ kp- kp* kp/ kp= kp, kpenter, the modifier keys leftshift rightshift leftctrl
        rightctrl leftalt rightalt leftsuper rightsuper lefthyper righthyper leftmeta rightmeta
        capslock numlock scrolllock, or a single character (key:a+ctrl). MOD is shift, alt,
        ctrl, super, hyper, meta, capslock or numlock; a key is encoded by the keyboard mode
        the stream left (kitty flags, modifyOtherKeys or legacy): key:enter+shift, key:i+ctrl.
        """

    /// One `--input` event: a key with its event type, or any other event.
    enum Event: Equatable {
        case key(KeyEvent)
        case other(InputEvent)
    }

    static func parseEvent(_ spec: String) throws -> Event {
        guard let colon = spec.firstIndex(of: ":") else {
            throw UsageError("--input '\(spec)': expected KIND:VALUE, e.g. click:10,5 or key:up")
        }
        let kind = String(spec[..<colon])
        let value = String(spec[spec.index(after: colon)...])
        switch kind {
        case "click": return .other(try mouse(spec, value, .left, .press))
        case "release": return .other(try mouse(spec, value, .left, .release))
        case "drag": return .other(try mouse(spec, value, .left, .motion))
        case "motion": return .other(try mouse(spec, value, .none, .motion))
        case "wheel-up": return .other(try mouse(spec, value, .wheelUp, .press))
        case "wheel-down": return .other(try mouse(spec, value, .wheelDown, .press))
        case "wheel-left": return .other(try mouse(spec, value, .wheelLeft, .press))
        case "wheel-right": return .other(try mouse(spec, value, .wheelRight, .press))
        case "key": return .key(try key(spec, value))
        case "text": return .other(.text(value))
        case "paste": return .other(.paste(value))
        case "focus":
            if value == "in" { return .other(.focus(true)) }
            if value == "out" { return .other(.focus(false)) }
            throw UsageError("--input '\(spec)': focus takes 'in' or 'out'")
        default:
            throw UsageError("--input '\(spec)': unknown event kind '\(kind)'; use click, release, drag, motion, wheel-up, wheel-down, key, text, paste or focus")
        }
    }

    private static func mouse(_ spec: String, _ value: String, _ button: MouseButton,
                              _ action: MouseAction) throws -> InputEvent {
        var parts = value.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let position = parts.removeFirst().split(separator: ",", omittingEmptySubsequences: false)
        guard position.count == 2, let column = Int(position[0]), let row = Int(position[1]),
              column >= 1, row >= 1 else {
            throw UsageError("--input '\(spec)': the position must be COL,ROW counted from 1, e.g. 10,5")
        }
        let (mods, type) = try modifiers(spec, parts)
        guard type == .press else {
            throw UsageError("--input '\(spec)': repeat and release are for keys; use release:COL,ROW for a mouse release")
        }
        return .mouse(MouseEvent(button: button, action: action, column: column, row: row, modifiers: mods))
    }

    private static let modifierNames: [String: KeyModifiers] = [
        "shift": .shift, "alt": .alt, "ctrl": .control, "control": .control, "super": .super,
        "hyper": .hyper, "meta": .meta, "capslock": .capsLock, "numlock": .numLock,
    ]

    private static func modifiers(_ spec: String, _ names: [String]) throws -> (KeyModifiers, KeyEventType) {
        var mods: KeyModifiers = []
        var type = KeyEventType.press
        for name in names {
            let lower = name.lowercased()
            if let mod = modifierNames[lower] {
                mods.insert(mod)
            } else if lower == "repeat" || lower == "release" {
                type = lower == "repeat" ? .repeat : .release
            } else {
                throw UsageError("--input '\(spec)': unknown modifier '\(name)'; use shift, alt, ctrl, super, hyper, meta, capslock or numlock (and repeat or release for a key)")
            }
        }
        return (mods, type)
    }

    private static func key(_ spec: String, _ value: String) throws -> KeyEvent {
        // "key:+" and "key:++ctrl" name the plus key itself.
        var name: String
        var rest: [String]
        if value.hasPrefix("+") {
            name = "+"
            rest = value.dropFirst().split(separator: "+", omittingEmptySubsequences: true).map(String.init)
        } else {
            let parts = value.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
            name = parts[0]
            rest = Array(parts.dropFirst())
        }
        let (mods, type) = try modifiers(spec, rest)
        guard let key = namedKey(name) else {
            throw UsageError("--input '\(spec)': unknown key '\(name)'. " + "Key names: up down left right home end pageup pagedown insert delete backspace enter tab escape space f1..f24 kp0..kp9 kpenter leftshift..rightmeta capslock numlock, or one character")
        }
        return KeyEvent(key, mods, type: type)
    }

    static func namedKey(_ name: String) -> Key? {
        let names: [String: Key] = [
            "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
            "pageup": .pageUp, "pgup": .pageUp, "pagedown": .pageDown, "pgdn": .pageDown,
            "insert": .insert, "delete": .delete, "del": .delete, "backspace": .backspace,
            "enter": .enter, "return": .enter, "tab": .tab, "escape": .escape, "esc": .escape,
            "space": .character(" "), "kpenter": .keypad("\r"),
            "leftshift": .modifier(.leftShift), "rightshift": .modifier(.rightShift),
            "leftctrl": .modifier(.leftControl), "rightctrl": .modifier(.rightControl),
            "leftalt": .modifier(.leftAlt), "rightalt": .modifier(.rightAlt),
            "leftsuper": .modifier(.leftSuper), "rightsuper": .modifier(.rightSuper),
            "lefthyper": .modifier(.leftHyper), "righthyper": .modifier(.rightHyper),
            "leftmeta": .modifier(.leftMeta), "rightmeta": .modifier(.rightMeta),
            "capslock": .modifier(.capsLock), "numlock": .modifier(.numLock), "scrolllock": .modifier(.scrollLock),
        ]
        let lower = name.lowercased()
        if let key = names[lower] { return key }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) { return .function(n) }
        if lower.hasPrefix("kp"), lower.count == 3, let c = lower.last, "0123456789.+-*/=,".contains(c) {
            return .keypad(c)
        }
        let scalars = name.unicodeScalars
        if scalars.count == 1, let s = scalars.first { return .character(s) }
        return nil
    }
}
