import Hosts
import Loop
import Render
import VT

/// Where every host's bells, notifications and clipboard writes go (ADR 0011), and where the
/// person's own copies leave for the local clipboard. The host in front rings the local bell
/// (at most twice a second) and sets the local clipboard at once (coalesced to one write per
/// interval); a hidden host gets a mark in the status line and the host list, keeps its last
/// clipboard write until it comes to the front. A notification from a host that notifies
/// (`NotifyChoice`: herdr hosts by default) becomes a desktop notification naming it (at most
/// one per host per interval; the newest of the rest goes out when the interval allows); on a terminal without them (`.bell`) the front host's text
/// stays in the status line. Each host's OSC 9;4 progress shows there too (ADR 0029).
///
/// Links report after each read (`report`); what reaches the local terminal goes through
/// `signal` (the front view's renderer queues it for the next frame). Its state is its own.
final class AlertCentre {
    /// What the centre knows of a host for the whole run.
    struct Host {
        let name: String
        /// What its remote clipboard writes may do (`--clipboard`, else the host's setting).
        let clipboard: ClipboardPolicy
    }

    private var hosts: [Host]
    private var alerts: [HostAlerts]
    private var bellLimit = RateLimit.bell
    /// The front host's remote clipboard writes, at most one per interval.
    private var remoteCopies = ClipboardCoalescer()
    /// The coalescer's next flush (it asks for one only when none is pending).
    private let copyFlush: LoopTimer
    /// Per host, when its waiting notification goes out (`NotificationThrottle`).
    private var notificationTimers: [LoopTimer]
    private let loop: EventLoop
    /// `--copy-command`, one run at a time (nil: copies go out as OSC 52).
    private let copyQueue: CopyQueue?
    /// Where copy threads report a failure, on the loop.
    private let copyFailures: Mailbox<String>
    private var notify: NotifyChoice
    private let signal: (ConsoleAlert) -> Void

    /// - Parameters:
    ///   - copyCommand: `--copy-command`; its failures reach `copyFailed` on the loop.
    ///   - signal: writes a bell, clipboard or notification to the local terminal.
    init(hosts: [Host], notify: NotifyChoice, copyCommand: String?, loop: EventLoop,
         signal: @escaping (ConsoleAlert) -> Void, copyFailed: @escaping (String) -> Void) throws {
        self.hosts = hosts
        self.alerts = Array(repeating: HostAlerts(), count: hosts.count)
        self.notify = notify
        copyFlush = LoopTimer(on: loop)
        notificationTimers = hosts.map { _ in LoopTimer(on: loop) }
        self.loop = loop
        self.signal = signal
        let copyFailures = try loop.mailbox(handler: copyFailed)
        self.copyFailures = copyFailures
        self.copyQueue = copyCommand.map { command in
            CopyQueue(command: command, report: { failure in _ = copyFailures.post(failure) })
        }
    }

    /// A host opened during the run (`ctrl+] o`): its alerts are kept from now on, under the
    /// next index; it notifies by the same rule as the others (`NotifyChoice`).
    func add(_ host: Host, runsHerdr: Bool) {
        notify.add(hosts.count, runsHerdr: runsHerdr)
        hosts.append(host)
        alerts.append(HostAlerts())
        notificationTimers.append(LoopTimer(on: loop))
    }

    /// Stops taking copy failures (Drover is ending).
    func close() {
        _ = copyFailures.close()
        for timer in notificationTimers { timer.cancel() }
    }

    // MARK: What hosts report

    /// After host `index` read output into `terminal`: takes its bells, notification,
    /// progress and clipboard write. Returns true when the status line changed (a mark or a
    /// progress).
    func report(_ index: Int, terminal: Terminal, inFront: Bool) -> Bool {
        guard alerts[index].hasNews(in: terminal) else { return false }
        let news = alerts[index].collect(from: terminal)
        let now = ContinuousClock.now
        if let text = news.clipboard, hosts[index].clipboard == .write {
            if inFront { copyRemoteWrite(text, at: now) } else { alerts[index].pendingClipboard = text }
        }
        let summary = news.notification.map(HostAlerts.summary(of:))
        if inFront {
            if news.bells > 0, bellLimit.allows(at: now) { signal(.bell) }
            guard let summary else { return news.progressChanged }
            notifyAbout(index, summary, at: now)
            // No desktop notification here: the bell rang, the text stays in the status line.
            guard !notify.style.isDesktop, notify.notifies(index) else { return news.progressChanged }
            alerts[index].note(.notification(summary), at: now)
            return true
        }
        if let summary {
            alerts[index].note(.notification(summary), at: now)
            notifyAbout(index, summary, at: now)
        } else if news.bells > 0 {
            alerts[index].note(.bell, at: now)
            if notify.notifiesBells { notifyAbout(index, "bell", at: now) }
        } else {
            return news.progressChanged
        }
        return true
    }

    /// Host `index` came to the front: its mark goes, and its last clipboard write applies now.
    func broughtForward(_ index: Int) {
        alerts[index].clearMark()
        if let text = alerts[index].pendingClipboard {
            alerts[index].pendingClipboard = nil
            if hosts[index].clipboard == .write { copyToLocal(text) }
        }
    }

    // MARK: The person's copies

    /// Puts text on the local clipboard: through `--copy-command` when given (one run at a
    /// time; a failure is reported), else as Drover's own OSC 52 after the next frame.
    func copyToLocal(_ text: [UInt8]) {
        guard let copyQueue else { return signal(.clipboard(text)) }
        copyQueue.submit(text)
    }

    /// A selection copied in history mode; returns what history mode's status line says. The
    /// command has not run yet: its failure reaches the status line later (`copyFailed`).
    func copySelection(_ text: String) -> String {
        copyToLocal(Array(text.utf8))
        return copyQueue == nil ? "copied to the clipboard" : "handed to --copy-command"
    }

    // MARK: What the status line and the picker say

    /// Hosts that want the person, and progress: "progress 40% · pi: bell · mac: 2 bells"
    /// (nil: none). The front host has a mark only where the terminal shows no desktop
    /// notification; its progress goes first, without its name.
    func note(front: Int) -> String? {
        let progress = alerts[front].progress.map { "progress \($0.summary)" }
        let marks = hosts.indices.flatMap { index -> [String] in
            let name = hosts[index].name
            var parts: [String] = []
            if let mark = alerts[index].mark {
                switch mark.kind {
                case .bell: parts.append("\(name): \(mark.count == 1 ? "bell" : "\(mark.count) bells")")
                case .notification(let text): parts.append("\(name): \(text.isEmpty ? "notified" : "“\(text)”")")
                }
            }
            if index != front, let other = alerts[index].progress { parts.append("\(name): \(other.summary)") }
            return parts
        }
        let all = [progress].compactMap { $0 } + marks
        return all.isEmpty ? nil : all.joined(separator: " · ")
    }

    /// Host `index`'s mark for the picker ("bell 2 min ago"), nil without one.
    func describe(_ index: Int, at now: ContinuousClock.Instant) -> String? {
        alerts[index].describe(at: now)
    }

    // MARK: Private

    /// A remote write from the host in front: coalesced, so a flood of writes becomes one
    /// local write per interval, the last one.
    private func copyRemoteWrite(_ text: [UInt8], at now: ContinuousClock.Instant) {
        guard let when = remoteCopies.offer(text, at: now) else { return }
        copyFlush.schedule(at: when) { [weak self] in
            guard let self else { return }
            if let text = remoteCopies.take(at: .now) { copyToLocal(text) }
        }
    }

    /// For a host that notifies: a desktop notification titled with the host's name, now or,
    /// within the interval, when it allows (the newest waiting one).
    private func notifyAbout(_ index: Int, _ body: String, at now: ContinuousClock.Instant) {
        guard notify.notifies(index) else { return }
        switch alerts[index].notifications.offer(body, at: now) {
        case .now:
            signal(.notification(title: "drover: \(hosts[index].name)", body: body))
        case .later(let when):
            notificationTimers[index].schedule(at: when) { [weak self] in
                guard let self, let body = alerts[index].notifications.take(at: .now) else { return }
                signal(.notification(title: "drover: \(hosts[index].name)", body: body))
            }
        case .replaced:
            break
        }
    }
}
