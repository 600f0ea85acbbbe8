/// Which mouse events the remote application asked for (DECSET 9/1000/1002/1003).
public enum MouseTracking: Int, Hashable, Sendable {
    case off = 0
    /// X10 compatibility: presses only, no modifiers.
    case x10 = 9
    /// Normal tracking: presses and releases.
    case normal = 1000
    /// Button-event tracking: also motion while a button is held.
    case buttonEvent = 1002
    /// Any-event tracking: all motion.
    case anyEvent = 1003
}

/// How mouse reports are encoded (DECSET 1005/1006/1015/1016; `.x10` is the default `CSI M`).
public enum MouseEncoding: Int, Hashable, Sendable {
    case x10 = 0
    case utf8 = 1005
    case sgr = 1006
    case urxvt = 1015
    case sgrPixels = 1016
}

/// Mouse tracking mode and report encoding, following xterm's rules:
///
/// - setting any tracking mode selects it; resetting *any* tracking mode turns tracking off;
/// - setting an encoding selects it; resetting an encoding clears it **only when it is the
///   active one**. Windows hosts (ConPTY) send `?1006h` and then `?1016l`: the reset names an
///   encoding that is not active, so SGR must stay. See docs/adr/0002.
public struct MouseModes: Hashable, Sendable {
    public var tracking: MouseTracking = .off
    public var encoding: MouseEncoding = .x10

    public init(tracking: MouseTracking = .off, encoding: MouseEncoding = .x10) {
        self.tracking = tracking
        self.encoding = encoding
    }

    /// Applies DECSET (`enabled`) or DECRST of private mode `mode`. Returns false when `mode`
    /// is not a mouse mode (the caller handles it).
    @discardableResult
    public mutating func apply(mode: Int, enabled: Bool) -> Bool {
        if let t = MouseTracking(rawValue: mode), t != .off {
            tracking = enabled ? t : .off
            return true
        }
        if let e = MouseEncoding(rawValue: mode), e != .x10 {
            if enabled {
                encoding = e
            } else if encoding == e {
                encoding = .x10
            }
            return true
        }
        return false
    }

    /// DECRQM answer for a mouse mode: true/false when it is one, nil otherwise.
    public func isSet(mode: Int) -> Bool? {
        if let t = MouseTracking(rawValue: mode), t != .off { return tracking == t }
        if let e = MouseEncoding(rawValue: mode), e != .x10 { return encoding == e }
        return nil
    }
}
