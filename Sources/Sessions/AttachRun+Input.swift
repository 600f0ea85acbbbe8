import Console
import VT

/// Where the person's input goes. The relay hands every decoded local event to `route` first;
/// exactly one owner takes it, decided in `inputOwner` and nowhere else.
extension AttachRun {
    /// Who owns the local input right now (`InputOwner` holds the rule).
    var inputOwner: InputOwner {
        InputOwner.deciding(questionWaiting: !prompts.isEmpty, pickerOpen: picker != nil)
    }

    /// The relay's interceptor: true when the event was taken here.
    func route(_ event: InputEvent) -> Bool {
        switch inputOwner {
        case .question:
            answerQuestion(with: event)
            return true
        case .picker:
            choose(with: event)
            return true
        case .frontHost:
            return interceptPaste(event) || interceptPasteCancel(event)
        }
    }

    // MARK: The host in front

    /// Whether a local event goes to the host in front (the relay encodes it in that host's
    /// modes). While its keys are being kept for later, mouse and focus reports are dropped.
    func forwards(_ event: InputEvent) -> Bool {
        // Keys read in the same piece as `ctrl+] d`, after it, belong to no host.
        guard outcome == nil else { return false }
        return front.takesKeysNow || keepsForLater(event)
    }

    /// Keys from the relay for the host in front, into its outbox (`HostOutbox`). While it is
    /// not attached they are kept and sent in order once the session is back, and a key also
    /// asks it to reconnect now instead of waiting out the backoff.
    func typed(_ bytes: [UInt8]) {
        let link = front
        guard outcome == nil, link.outcome == nil || link.takesKeysNow else { return }
        guard link.type(bytes) == .kept else { return }
        retryNow(link)
        showState()
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
        showBanner(count == 0 ? "no typed keys were waiting" : "discarded \(count) typed bytes")
    }

    // MARK: The picker

    func openPicker() {
        relay.leaveHistory()
        picker = HostPicker(count: drivers.count, selection: ring.front)
        showState()
    }

    func closePicker() {
        picker = nil
        showState()
    }

    /// Local input while the picker owns it.
    private func choose(with event: InputEvent) {
        picker?.handle(event)
        switch picker?.result {
        case .picked(let index):
            closePicker()
            if let change = ring.select(index) { bringForward(change) }
        case .cancelled:
            closePicker()
        case nil:
            showState()
        }
    }
}
