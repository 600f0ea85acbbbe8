import Console
import Files
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
            showBanner("Only \(drivers[0].name) is attached in this Drover\(forwards). (\(PrefixKeyHandler.keys(for: .help)) for keys)")
        case .redraw:
            // Everything is drawn again; a host waiting to reconnect tries now.
            frontView.redraw()
            retryNow(front)
        case .discardPending:
            discardPending()
        case .pasteImage:
            pasteClipboardImage()
        case .history:
            frontView.enterHistory()
        case .help:
            frontView.requestRender()
        case .openHost:
            askForHost()
        case .closeHost:
            askToCloseFront()
        }
    }

    /// What a detach says: a session keeps running only where one was reached (a host that
    /// never connected had nothing started), and the reattach command reaches the same hosts.
    var detachMessage: String {
        let never = drivers.filter { !everAttached.contains($0.index) }
        guard drivers.count > 1 else {
            let name = drivers[0].name
            let again = "'drover attach \(drivers[0].target.attachArguments)'"
            if !never.isEmpty { return "Detached from \(name) before it ever connected; nothing was started there. Try again with \(again)." }
            guard drivers[0].target.runsHerdr else { return "Detached from \(name)." }
            return "Detached from \(name); the herdr session keeps running there. Reattach with \(again)."
        }
        let oneOff = drivers[0].target.oneOffArguments
        let again = "'drover attach \((ring.names + oneOff).map(FileSafety.shellQuoted).joined(separator: " "))'"
        guard !never.isEmpty else {
            return "Detached from \(ring.names.joined(separator: ", ")); the herdr sessions keep running there. Reattach with \(again)."
        }
        let reached = drivers.filter { everAttached.contains($0.index) }.map(\.name)
        let kept = reached.isEmpty ? "" : " The herdr sessions on \(reached.joined(separator: ", ")) keep running there."
        return "Detached; \(never.map(\.name).joined(separator: ", ")) never connected, so nothing was started there."
            + "\(kept) Attach again with \(again)."
    }

    /// Hides `change.from` and shows `change.to`: its kept screen is redrawn at once, it takes
    /// the local size (its emulator and its PTY), and if its link was lost it reconnects now.
    func bringForward(_ change: HostRing.Switch) {
        let hidden = drivers[change.from], shown = drivers[change.to]
        hidden.moveBehind()
        snapshots.store.front = change.to
        shown.moveToFront(columns: frontView.terminal.columns, rows: frontView.terminal.rows)
        frontView.predictor = shown.echo
        frontView.show(shown.screen)
        input.hostSwitched()
        alertsBroughtForward(shown)
        showBanner(ring.frontLabel)
        if case .reconnecting = shown.lifecycle.state { scheduleReconnect(shown) }
    }

    /// Starts `link`'s backoff timer if it may reconnect now, and the countdown with it.
    func scheduleReconnect(_ link: LinkDriver) {
        if link.scheduleReconnect() { scheduleCountdown() }
    }

    /// Shows `text` in the status line for as long as it takes to read (ahead of the state line,
    /// if any); a frame is asked for when it goes.
    func showBanner(_ text: String) {
        let shown = StatusLine.Banner(text, from: .now)
        banner = shown
        frontView.requestRender()
        bannerTimer.schedule(after: shown.shownFor) { [weak self] in
            guard let self else { return }
            frontView.requestRender()
            // Not replaced (that reschedules this timer) and not given way (that moves `until`).
            if banner?.until == shown.until { keyboardNotes.bannerStood(shown.text) }
            // A cut banner leaves a reminder of the key that shows it whole; a frame when it goes.
            if banner?.wasCut == true {
                bannerTimer.schedule(after: StatusLine.Banner.reminderFor) { [weak self] in self?.frontView.requestRender() }
            }
        }
    }

    /// Keeps the front host's "reconnecting in N s" or "no answer for N s" line current.
    func scheduleCountdown() {
        countdownTimer.schedule(after: .seconds(1)) { [unowned self] in
            guard front.isCountingDown else { return }
            statusChanged()
            scheduleCountdown()
        }
    }

    /// Something the status line or the picker shows changed: a frame is asked for, and the
    /// text is computed when it is drawn (`overlay()`).
    func statusChanged() {
        frontView.requestRender()
    }

    /// The front view's overlay, asked per frame: whoever holds the input (a question, the picker,
    /// the help box), else in history mode nothing of the run's, else the status line.
    func overlay() -> Overlay? {
        let status = statusLine
        // A banner whose time is up is still the last message, whole, in the help box.
        let now = ContinuousClock.now
        let gone = banner.flatMap { $0.isUp(at: now) ? nil : $0.text }
        let held = input.overlay(status: status.wholeText, lastMessage: gone) { picker in
            picker.overlay(names: ring.names,
                           states: zip(pickerStates, drivers).map { state, driver in
                               [state, driver.forwardNote].compactMap { $0 }.joined(separator: " · ") },
                           front: ring.front)
        }
        if let held { return held }
        guard !frontView.isInHistory else { return nil }
        // A long status wraps upwards over at most a third of the screen.
        let terminal = frontView.terminal
        let rows = status.lines(width: terminal.columns, rows: max(1, terminal.rows / 3))
        if banner?.isUp(at: now) == true, rows?.last?.hasSuffix(StatusLine.moreHint) == true { banner?.markCut() }
        return rows.map { Overlay(placement: .statusLine, lines: $0) }
    }

    /// A banner over the row the front host's cursor is on gives way to a key typed for it: the
    /// echo, and a shell's prompt after Enter or Ctrl+C, land on that row, and a local terminal
    /// would show them at once (a note up for its reading time hid a prompt for seconds). A banner
    /// above the cursor stays its time.
    func bannerGivesWay() {
        let now = ContinuousClock.now
        guard var shown = banner, shown.text(at: now) != nil else { return }
        let terminal = frontView.terminal
        let covered = statusLine.lines(width: terminal.columns, rows: max(1, terminal.rows / 3))?.count ?? 0
        guard terminal.cursor.row >= terminal.rows - covered else { return }
        shown.giveWay(at: now)
        banner = shown
        statusChanged()
    }

    /// What the status line says now about the host in front.
    var statusLine: StatusLine {
        StatusLine(banner: banner?.text(at: .now), alerts: alertNote, recorderFailure: signalOptions.recorder?.failure,
                   pending: front.stream.statusNote, state: front.lifecycle.statusLine() ?? front.keepaliveNote,
                   forwards: front.forwardNote, prediction: predictionNote)
    }
}
