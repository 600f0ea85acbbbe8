import Render
import VT

/// One host's bells and notifications as the run sees them: what its emulator counted that the
/// run has not handled yet, and the mark a hidden host carries ("pi: bell 2 min ago") until it
/// comes to the front. A value type; the `AlertCentre` keeps one per host.
struct HostAlerts: Equatable, Sendable {
    /// Why a host wants the person.
    enum Kind: Equatable, Sendable {
        case bell
        /// A notification's text, already sanitised.
        case notification(String)
    }

    struct Mark: Equatable, Sendable {
        var kind: Kind
        /// How many bells or notifications since the host was last in front.
        var count: Int
        var last: ContinuousClock.Instant
    }

    /// What arrived since the last `collect`.
    struct News: Equatable, Sendable {
        var bells = 0
        var notification: RemoteNotification?
        var clipboard: [UInt8]?
        /// An OSC 9;4 report arrived (the progress may have changed or gone).
        var progressChanged = false

        var isEmpty: Bool { bells == 0 && notification == nil && clipboard == nil && !progressChanged }
    }

    private(set) var mark: Mark?
    /// The host's last OSC 9;4 progress (nil: none), for the status line and the host list.
    private(set) var progress: RemoteProgress?
    /// A hidden host's last clipboard write, applied when it comes to the front.
    var pendingClipboard: [UInt8]?
    /// At most one desktop notification per interval for this host; the newest of the rest waits.
    var notifications = NotificationThrottle()
    private var seenBells = 0
    private var seenNotifications = 0
    private var seenProgress = 0

    /// Whether `terminal` has something the run has not seen (cheap: checked after every read).
    func hasNews(in terminal: Terminal) -> Bool {
        terminal.bellCount != seenBells || terminal.notificationCount != seenNotifications
            || terminal.hasClipboardWrite || terminal.progressCount != seenProgress
    }

    /// Takes what `terminal` counted since the last call.
    mutating func collect(from terminal: Terminal) -> News {
        var news = News()
        news.bells = max(0, terminal.bellCount &- seenBells)
        if terminal.notificationCount != seenNotifications { news.notification = terminal.lastNotification }
        news.clipboard = terminal.takeClipboardWrite()
        seenBells = terminal.bellCount
        seenNotifications = terminal.notificationCount
        if terminal.progressCount != seenProgress {
            news.progressChanged = terminal.progress != progress
            progress = terminal.progress
            seenProgress = terminal.progressCount
        }
        return news
    }

    /// A hidden host asked for attention at `now`.
    mutating func note(_ kind: Kind, at now: ContinuousClock.Instant) {
        mark = Mark(kind: kind, count: (mark?.count ?? 0) + 1, last: now)
    }

    /// The host came to the front: the person sees it now.
    mutating func clearMark() {
        mark = nil
    }

    /// "bell 2 min ago", "3 bells just now", "“build done” 1 h ago", then the progress and how
    /// many notifications were replaced before they could go out; nil when there is none of it.
    func describe(at now: ContinuousClock.Instant) -> String? {
        let markText = mark.map { mark -> String in
            switch mark.kind {
            case .bell: return "\(mark.count == 1 ? "bell" : "\(mark.count) bells") \(Self.age(now - mark.last))"
            case .notification(let text): return "\(text.isEmpty ? "notified" : "“\(text)”") \(Self.age(now - mark.last))"
            }
        }
        let dropped = notifications.dropped
        let droppedText = dropped == 0 ? nil
            : "\(dropped) notification\(dropped == 1 ? "" : "s") not sent (one per \(NotificationThrottle.interval.components.seconds) s)"
        let parts = [markText, progress.map { "progress \($0.summary)" }, droppedText].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// "just now" under 10 s, then seconds, minutes, hours.
    static func age(_ elapsed: Duration) -> String {
        let seconds = max(0, Int(elapsed.components.seconds))
        switch seconds {
        case ..<10: return "just now"
        case ..<60: return "\(seconds) s ago"
        case ..<3600: return "\(seconds / 60) min ago"
        default: return "\(seconds / 3600) h ago"
        }
    }

    /// A notification's text for a status line or list: no controls or bidi marks, one short line.
    static func summary(of notification: RemoteNotification) -> String {
        let parts = [notification.title, notification.body].map(TextSanitizer.title).filter { !$0.isEmpty }
        let text = parts.joined(separator: ": ")
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }
}
