import Hosts
import Render

/// Bells, notifications, clipboard writes and the recording (ADR 0011). The host in front rings
/// the local bell (rate-limited) and sets the local clipboard at once; a hidden host gets a mark
/// in the status line and the host list, keeps its last clipboard write until it comes to the
/// front, and with `--notify` sends a desktop notification naming it. Everything reaches the
/// local terminal through the renderer (`RelayLoop.signal`).
extension AttachRun {
    func clipboardPolicy(for driver: LinkDriver) -> ClipboardPolicy {
        signalOptions.clipboard ?? driver.target.host?.clipboard ?? .write
    }

    func driverSignalled(_ driver: LinkDriver) {
        let news = driver.alerts.collect(from: driver.terminal)
        let now = ContinuousClock.now
        if let text = news.clipboard, clipboardPolicy(for: driver) == .write {
            if driver === front { copyRemoteWrite(text, at: now) } else { driver.alerts.pendingClipboard = text }
        }
        let summary = news.notification.map(HostAlerts.summary(of:))
        if driver === front {
            if news.bells > 0, bellLimit.allows(at: now) { relay.signal(.bell) }
            if let summary { notify(driver, summary, at: now) }
            return
        }
        if let summary {
            driver.alerts.note(.notification(summary), at: now)
            notify(driver, summary, at: now)
        } else if news.bells > 0 {
            driver.alerts.note(.bell, at: now)
            notify(driver, "bell", at: now)
        } else {
            return
        }
        statusChanged()
    }

    /// Puts checked text on the local clipboard: through `--copy-command` when given (one run
    /// at a time; a failure shows in the status line), else as Drover's own OSC 52 after the
    /// next frame.
    func copyToLocal(_ text: [UInt8]) {
        guard let copyQueue else { return relay.signal(.clipboard(text)) }
        copyQueue.submit(text)
    }

    /// A remote write from the host in front: coalesced, so a flood of writes becomes one local
    /// write per interval, the last one.
    private func copyRemoteWrite(_ text: [UInt8], at now: ContinuousClock.Instant) {
        guard let when = remoteCopies.offer(text, at: now) else { return }
        _ = loop.schedule(at: when) { [unowned self] in
            if let text = remoteCopies.take(at: .now) { copyToLocal(text) }
        }
    }

    /// With `--notify`: a desktop notification titled with the host's name.
    private func notify(_ driver: LinkDriver, _ body: String, at now: ContinuousClock.Instant) {
        guard signalOptions.notify, driver.alerts.notificationLimit.allows(at: now) else { return }
        relay.signal(.notification(title: "drover: \(driver.name)", body: body))
    }

    /// `shown` came to the front: its mark goes, and its last clipboard write applies now.
    func alertsBroughtForward(_ shown: LinkDriver) {
        shown.alerts.clearMark()
        if let text = shown.alerts.pendingClipboard {
            shown.alerts.pendingClipboard = nil
            if clipboardPolicy(for: shown) == .write { copyToLocal(text) }
        }
        recordResize()
    }

    /// The status line's note of hidden hosts that want the person: "pi: bell · mac: 2 bells".
    var alertNote: String? {
        let marks = drivers.filter { $0 !== front }.compactMap { driver -> String? in
            guard let mark = driver.alerts.mark else { return nil }
            switch mark.kind {
            case .bell: return "\(driver.name): \(mark.count == 1 ? "bell" : "\(mark.count) bells")"
            case .notification(let text): return "\(driver.name): \(text.isEmpty ? "notified" : "“\(text)”")"
            }
        }
        return marks.isEmpty ? nil : marks.joined(separator: " · ")
    }

    /// Each host's state for the picker, with its mark and, while its keys are guessed, the
    /// round trip ("attached · RTT 210 ms · bell 2 min ago").
    var pickerStates: [String] {
        let now = ContinuousClock.now
        return drivers.map { driver in
            let rtt = driver.echo.isOn ? driver.echo.engine.policy.rttText : nil
            return [driver.lifecycle.summary, rtt, driver.alerts.describe(at: now)].compactMap { $0 }.joined(separator: " · ")
        }
    }

    // MARK: Recording (the first host named)

    func record(_ driver: LinkDriver, _ output: UnsafeRawBufferPointer) {
        guard driver.index == 0, let recorder = signalOptions.recorder, recorder.failure == nil else { return }
        recorder.output(output, columns: driver.terminal.columns, rows: driver.terminal.rows)
        if recorder.failure != nil { statusChanged() }
    }

    /// The recorded host's screen may have changed size (a local resize, or it came forward).
    func recordResize() {
        guard let recorder = signalOptions.recorder, recorder.failure == nil else { return }
        recorder.resize(columns: drivers[0].terminal.columns, rows: drivers[0].terminal.rows)
    }
}
