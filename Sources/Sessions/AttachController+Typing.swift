import Console
import Foundation
import VT

/// What the person types while the host in front is not attached: kept (`PendingInput`) and
/// sent in order once the session is back, and a nudge to reconnect at once instead of
/// waiting out the backoff.
extension AttachController {
    /// Bytes from the relay for the host in front: typed keys, or the emulator's replies
    /// (which only arise from output, so while attached).
    func typed(_ bytes: [UInt8]) {
        let link = front
        if link.takesKeysNow { return send(bytes, to: link) }
        guard link.outcome == nil else { return }
        link.pending.append(bytes)
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
    func retryNow(_ link: HostLink) {
        guard link.state.nextAttempt != nil, link.outcome == nil else { return }
        connect(link)
    }

    /// `ctrl+] x`: the keys waiting for the host in front are dropped, and the status says so.
    func discardPending() {
        let count = front.pending.discard()
        showBanner(count == 0 ? "no typed keys were waiting" : "discarded \(count) typed bytes")
    }

    /// Right after attaching, keys typed before wait for the session's first output (its
    /// program is then up and reading: a shell that has not yet switched its terminal to raw
    /// mode would act on ctrl+c or echo them), or one second if it draws nothing.
    func holdPendingUntilDrawn(_ link: HostLink) {
        guard !link.pending.isEmpty else { return }
        if let timer = link.deliveryTimer { loop.cancel(timer) }
        link.deliveryTimer = loop.schedule(after: .seconds(1)) { [unowned self] in
            link.deliveryTimer = nil
            deliverPending(link)
        }
    }

    /// Sends the keys kept for `link`, oldest first, ahead of anything typed later.
    func deliverPending(_ link: HostLink) {
        guard link.connection != nil, !link.pending.isEmpty else { return }
        if let timer = link.deliveryTimer { loop.cancel(timer) }
        link.deliveryTimer = nil
        let bytes = link.pending.take()
        if !bytes.isEmpty { send(bytes, to: link) }
        showState()
    }
}
