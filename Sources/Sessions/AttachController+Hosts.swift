import Console
import Foundation
import Render

/// Drover's own commands (detach, switching hosts, the picker) and what the overlay says.
extension AttachController {
    func handle(_ command: PrefixKeyHandler.Command) {
        switch command {
        case .detach:
            finish(0, detachMessage)
        case .nextHost where links.count > 1:
            if let change = ring.next() { bringForward(change) }
        case .previousHost where links.count > 1:
            if let change = ring.previous() { bringForward(change) }
        case .pickHost where links.count > 1:
            openPicker()
        case .nextHost, .previousHost, .pickHost:
            relay.overlay = .status("Only \(links[0].name) is attached in this Drover. (ctrl+] ? for keys)")
            _ = loop.schedule(after: .seconds(2)) { [unowned self] in showState() }
        case .redraw:
            // The relay has redrawn; a host waiting to reconnect tries now.
            retryNow(front)
        case .discardPending:
            discardPending()
        case .help:
            break
        }
    }

    var detachMessage: String {
        guard links.count > 1 else {
            let name = links[0].name
            return "Detached from \(name); the herdr session keeps running there. Reattach with 'drover attach \(links[0].target.attachArguments)'."
        }
        let names = ring.names.joined(separator: ", ")
        return "Detached from \(names); the herdr sessions keep running there. Reattach with 'drover attach \(ring.names.joined(separator: " "))'."
    }

    /// Hides `change.from` and shows `change.to`: its kept screen is redrawn at once, it takes
    /// the local size (its emulator and its PTY), and if its link was lost it reconnects now.
    func bringForward(_ change: HostRing.Switch) {
        let hidden = links[change.from], shown = links[change.to]
        hidden.state.inFront = false
        if let timer = hidden.reconnectTimer { loop.cancel(timer) }
        hidden.reconnectTimer = nil

        let columns = relay.terminal.columns, rows = relay.terminal.rows
        if shown.terminal.columns != columns || shown.terminal.rows != rows {
            shown.terminal.resize(columns: columns, rows: rows)
            try? shown.connection?.channel.resize(columns: columns, rows: rows)
        }
        shown.state.inFront = true
        relay.show(shown.terminal)
        showBanner(ring.frontLabel)
        if case .reconnecting = shown.state.state { scheduleReconnect(shown) }
    }

    /// Shows `text` in the status line for two seconds (ahead of the state line, if any).
    func showBanner(_ text: String) {
        if let bannerTimer { loop.cancel(bannerTimer) }
        banner = text
        showState()
        bannerTimer = loop.schedule(after: .seconds(2)) { [unowned self] in
            bannerTimer = nil
            banner = nil
            showState()
        }
    }

    func openPicker() {
        picker = HostPicker(count: links.count, selection: ring.front)
        relay.inputInterceptor = { [unowned self] event in
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
            return true
        }
        showState()
    }

    func closePicker() {
        picker = nil
        relay.inputInterceptor = nil
        showState()
    }

    /// The overlay: the trust question, the picker, or the front host's state line (nothing
    /// while it is attached) after the switch banner.
    func showState() {
        guard prompt == nil else { return }
        if let picker {
            relay.overlay = picker.overlay(names: ring.names, states: links.map(\.state.summary), front: ring.front)
        } else {
            // The banner, then what waits to be sent, then the state: a long reason is the
            // part that may be cut at the screen's edge.
            let line = front.state.statusLine()
                ?? front.keepalive.statusNote(host: front.name, deadAfter: deadSilence)
            let parts = [banner, front.pending.statusNote, line].compactMap { $0 }
            relay.overlay = parts.isEmpty ? nil : .status(parts.joined(separator: " · "))
        }
        relay.renderNow()
    }
}
