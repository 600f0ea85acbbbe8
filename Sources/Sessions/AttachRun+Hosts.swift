import Console
import Render

/// Drover's own commands (detach, switching hosts, the picker) and what the overlay says.
extension AttachRun {
    func handle(_ command: PrefixKeyHandler.Command) {
        switch command {
        case .detach:
            finish(0, detachMessage)
        case .nextHost where drivers.count > 1:
            if let change = ring.next() { bringForward(change) }
        case .previousHost where drivers.count > 1:
            if let change = ring.previous() { bringForward(change) }
        case .pickHost:
            // Even for one host: the list shows its state, bells and forwards, and the Escape
            // that closes it stays with Drover instead of reaching the host.
            openPicker()
        case .nextHost, .previousHost:
            let forwards = drivers[0].forwardNote.map { " · \($0)" } ?? ""
            relay.overlay = .status("Only \(drivers[0].name) is attached in this Drover\(forwards). (\(PrefixKeyHandler.keys(for: .help)) for keys)")
            _ = loop.schedule(after: .seconds(2)) { [unowned self] in showState() }
        case .redraw:
            // The relay has redrawn; a host waiting to reconnect tries now.
            retryNow(front)
        case .discardPending:
            discardPending()
        case .pasteImage:
            pasteClipboardImage()
        case .help, .history:
            break
        }
    }

    var detachMessage: String {
        guard drivers.count > 1 else {
            let name = drivers[0].name
            return "Detached from \(name); the herdr session keeps running there. Reattach with 'drover attach \(drivers[0].target.attachArguments)'."
        }
        let names = ring.names.joined(separator: ", ")
        return "Detached from \(names); the herdr sessions keep running there. Reattach with 'drover attach \(ring.names.joined(separator: " "))'."
    }

    /// Hides `change.from` and shows `change.to`: its kept screen is redrawn at once, it takes
    /// the local size (its emulator and its PTY), and if its link was lost it reconnects now.
    func bringForward(_ change: HostRing.Switch) {
        let hidden = drivers[change.from], shown = drivers[change.to]
        hidden.moveBehind()
        snapshots.store.front = change.to
        shown.moveToFront(columns: relay.terminal.columns, rows: relay.terminal.rows)
        relay.predictor = shown.echo
        relay.show(shown.terminal)
        alertsBroughtForward(shown)
        showBanner(ring.frontLabel)
        if case .reconnecting = shown.lifecycle.state { scheduleReconnect(shown) }
    }

    /// Starts `link`'s backoff timer if it may reconnect now, and the countdown with it.
    func scheduleReconnect(_ link: LinkDriver) {
        if link.scheduleReconnect() { scheduleCountdown() }
    }

    /// Shows `text` in the status line for two seconds (ahead of the state line, if any).
    func showBanner(_ text: String) {
        banner = text
        showState()
        bannerTimer.schedule(after: .seconds(2)) { [unowned self] in
            banner = nil
            showState()
        }
    }

    /// Keeps the front host's "reconnecting in N s" or "no answer for N s" line current.
    func scheduleCountdown() {
        countdownTimer.schedule(after: .seconds(1)) { [unowned self] in
            guard front.isCountingDown else { return }
            showState()
            scheduleCountdown()
        }
    }

    /// The overlay for whoever owns the input: the question (drawn by `showQuestion`), the
    /// picker, or the front host's state line (nothing while it is attached) after the banner.
    func showState() {
        switch inputOwner {
        case .question:
            return
        case .picker:
            if let picker {
                relay.overlay = picker.overlay(names: ring.names,
                                               states: zip(pickerStates, drivers).map { state, driver in
                                                   [state, driver.forwardNote].compactMap { $0 }.joined(separator: " · ") },
                                               front: ring.front)
            }
        case .frontHost:
            // The banner, hidden hosts' bells, a stopped recording, what waits to be sent, then
            // the state: a long reason is the part that may be cut at the screen's edge.
            let line = front.lifecycle.statusLine() ?? front.keepaliveNote
            var parts = [banner, alertNote, signalOptions.recorder?.failure, front.pending.statusNote, line]
                .compactMap { $0 }
            if !parts.isEmpty, let note = predictionNote { parts.append(note) }
            // Shown beside what the line says anyway: an attached screen keeps its last row.
            if !parts.isEmpty, let forwards = front.forwardNote { parts.insert(forwards, at: parts.count - 1) }
            relay.overlay = parts.isEmpty ? nil : .status(parts.joined(separator: " · "))
        }
        relay.renderNow()
    }
}
