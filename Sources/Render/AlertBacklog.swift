/// Bells, clipboard writes and notifications waiting for the next frame, which carries them to
/// the local terminal after its drawing. Bounded: while the terminal takes no frames (stopped,
/// or slower than the hosts), hosts keep ringing and copying, and only what the person can
/// still use is kept: the newest clipboard text (each write replaces the clipboard anyway),
/// one bell (a run of bells rings once) and the newest `maximumNotifications` notifications.
/// What is kept keeps its order.
public struct AlertBacklog {
    /// The most notifications kept; older ones are dropped first.
    public static let maximumNotifications = 8

    private var waiting: [ConsoleAlert] = []

    public init() {}

    public var isEmpty: Bool { waiting.isEmpty }

    /// What waits, oldest first.
    public var signals: [ConsoleAlert] { waiting }

    public mutating func add(_ signal: ConsoleAlert) {
        switch signal {
        case .bell:
            if waiting.contains(.bell) { return }
        case .clipboard:
            waiting.removeAll(where: \.isClipboard)
        case .notification:
            if waiting.count(where: \.isNotification) >= Self.maximumNotifications,
               let oldest = waiting.firstIndex(where: \.isNotification) {
                waiting.remove(at: oldest)
            }
        }
        waiting.append(signal)
    }

    /// Appends every waiting signal's bytes to `out` and forgets them.
    public mutating func drain(into out: inout [UInt8], style: ConsoleAlert.NotificationStyle) {
        for signal in waiting { out += signal.encoded(style: style) }
        waiting.removeAll()
    }
}

private extension ConsoleAlert {
    var isClipboard: Bool {
        if case .clipboard = self { return true }
        return false
    }

    var isNotification: Bool {
        if case .notification = self { return true }
        return false
    }
}
