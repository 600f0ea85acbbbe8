import Console
import VT

/// Carrying out the input router's decisions (`InputRouter` decides who gets each local event;
/// this file only does what it says).
extension AttachRun {
    /// Every decoded local event, from the front view (`FrontViewOwner`).
    func route(_ event: InputEvent) {
        let context = InputRouter.Context(inHistory: frontView.isInHistory, pasteInProgress: pasteJob?.driver === front)
        let held = input.holdsKeys
        // The next frame gives the local keyboard mode back, or turns it on again (`holdsKeys`).
        defer { if input.holdsKeys != held { frontView.requestRender() } }
        for delivery in input.route(event, context) {
            switch delivery {
            case .question(let finished):
                if let finished {
                    finished.reply(finished.prompt.submitted)
                    if stopsConnecting(event) { return }
                    showQuestion()
                } else {
                    frontView.requestRender()
                }
            case .picker(let result):
                picked(result)
            case .paste(let text):
                if !interceptPaste(text) { frontView.forward(event) }
            case .cancelPaste:
                if let job = pasteJob { cancelPaste(job, "Esc") }
            case .command(let command):
                handle(command)
            case .closedHelp:
                frontView.requestRender()
            case .history(let event):
                frontView.handleHistory(event)
            case .frontHost(let event):
                if stopsConnecting(event) { return }
                frontView.forward(event)
            case .dropped:
                break
            }
        }
    }

    /// Ctrl+C before the host in front has ever attached in this run (TCP, handshake, a login
    /// question, a host that never answers) stops that connect at once, as it stops ssh: the key
    /// goes to no host (keys are kept while connecting, and this one must not arrive later), the
    /// connect thread is left to be dropped. The only open host stopped ends Drover (the terminal
    /// given back); with others open, it is closed as `ctrl+] X` closes one and the next comes
    /// forward. After an attach, ctrl+c is the host's key, kept while it reconnects.
    private func stopsConnecting(_ event: InputEvent) -> Bool {
        guard event.asPress == .key(.character("c"), .control), !front.attachedOnce, outcome == nil else { return false }
        let link = front
        let message = "Stopped connecting to \(link.name) (ctrl+c); no key was sent to it. 'drover doctor \(link.target.connectArguments)' "
            + "shows where a connection stops, and --timeout SECONDS sets how long attach waits for an answer."
        guard let change = ring.closeFront() else {
            finish(130, message)
            return true
        }
        bringForward(change)
        link.cancelReconnect()
        link.dropConnection()
        hostDone(link, .init(exitCode: 130, message: message))
        return true
    }

    // MARK: The host in front

    /// Whether a local event goes to the host in front (the front view encodes it in that host's
    /// modes). While its keys are being kept for later, mouse and focus reports are dropped.
    func passesToHost(_ event: InputEvent) -> Bool {
        // Keys read in the same piece as `ctrl+] d`, after it, belong to no host.
        guard outcome == nil else { return false }
        return front.takesKeysNow || keepsForLater(event)
    }

    /// Keys from the front view for the host in front, into its outbox (`HostOutbox`). While it is
    /// not attached they are kept and sent in order once the session is back, and a key also
    /// asks it to reconnect now instead of waiting out the backoff.
    func typed(_ bytes: [UInt8]) {
        let link = front
        guard outcome == nil, link.outcome == nil || link.takesKeysNow else { return }
        bannerGivesWay()
        guard link.type(bytes) == .kept else { return }
        retryNow(link)
        statusChanged()
    }

    /// Mouse and focus reports are not kept for later: a click on a stale screen must not act
    /// on whatever the host shows once it is back.
    func keepsForLater(_ event: InputEvent) -> Bool {
        switch event {
        case .mouse, .focus: return false
        default: return true
        }
    }

    /// A host waiting out its backoff tries now (a key, or `ctrl+] r`).
    func retryNow(_ link: LinkDriver) {
        guard link.lifecycle.nextAttempt != nil, link.outcome == nil else { return }
        connect(link)
    }

    /// `ctrl+] x`: the keys waiting for the host in front are dropped, and the status says so.
    func discardPending() {
        let count = front.discardPending()
        showBanner(count == 0 ? "no typed keys were waiting" : "discarded \(count) typed byte\(count == 1 ? "" : "s")")
    }

    // MARK: The picker

    func openPicker() {
        frontView.leaveHistory()
        input.openPicker(count: drivers.count, selection: ring.front)
        frontView.requestRender()
    }

    /// The picker took a key: it may have picked a host (and closed). A failed, ended or
    /// closed host picked is tried again.
    private func picked(_ result: HostPicker.Result?) {
        if case .picked(let index) = result {
            if drivers[index].outcome != nil {
                reopen(index)
            } else if let change = ring.select(index) {
                bringForward(change)
            }
        }
        frontView.requestRender()
    }
}
