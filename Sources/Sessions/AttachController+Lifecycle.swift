import Console
import Foundation
import Render
import SSH

extension AttachController {
    /// The connection failed or dropped. Before the first attach nothing is retried (like ssh);
    /// after it, recoverable failures reconnect with backoff while the kept screen stays visible.
    func lost(_ reason: String, recoverable: Bool, generation: UInt64) {
        let wasAttached = everAttached
        dropConnection()
        state.handle(.lost(reason: reason, recoverable: recoverable && wasAttached), generation: generation)
        showState()
        switch state.state {
        case .failed(let why):
            finish(1, wasAttached ? "Lost \(target.displayName): \(why)" : why)
        case .reconnecting:
            if let next = state.nextAttempt {
                let delay = max(0, next.timeIntervalSinceNow)
                reconnectTimer = loop.schedule(after: .milliseconds(Int(delay * 1000))) { [unowned self] in
                    reconnectTimer = nil
                    connect()
                }
                scheduleCountdown()
            }
        default:
            break
        }
    }

    /// Keeps the "reconnecting in Ns" line current.
    func scheduleCountdown() {
        _ = loop.schedule(after: .seconds(1)) { [unowned self] in
            guard case .reconnecting = state.state else { return }
            showState()
            scheduleCountdown()
        }
    }

    /// The remote command ended: herdr detached (ctrl+b q) or exited.
    func remoteEnded(_ connection: RemoteConnection) {
        let exit = try? connection.channel.close()
        state.handle(.remoteEnded, generation: state.generation)
        dropConnection()
        let status = exit?.status ?? 0
        if status == 0 && exit?.signal == nil {
            finish(0, "The session on \(target.displayName) was detached or ended; herdr keeps running on the host. Reattach with 'drover attach \(target.displayName)'.")
        } else {
            let how = exit?.signal.map { "was killed by signal \($0)" } ?? "exited with status \(status)"
            var lines = ["The attach command on \(target.displayName) \(how)."]
            if status == 127 {
                lines.append("herdr was not found there: install herdr on that computer, or set the command with 'drover hosts edit \(target.displayName) --command CMD'.")
            }
            let screen = lastScreenLines()
            if !screen.isEmpty { lines.append("Its last output:\n" + screen.map { "  " + $0 }.joined(separator: "\n")) }
            finish(1, lines.joined(separator: "\n"))
        }
    }

    /// The last few non-empty rows of the remote screen (to explain a failed command).
    func lastScreenLines(limit: Int = 5) -> [String] {
        let frame = relay.terminal.frame()
        let rows = (0..<frame.rows).map { frame.rowText($0) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return Array(rows.suffix(limit))
    }

    func handle(_ command: PrefixKeyHandler.Command) {
        switch command {
        case .detach:
            finish(0, "Detached from \(target.displayName); the herdr session keeps running there. Reattach with 'drover attach \(target.displayName)'.")
        case .nextHost, .previousHost, .pickHost:
            relay.overlay = .status("Only \(target.displayName) is attached in this Drover. (ctrl+] ? for keys)")
            _ = loop.schedule(after: .seconds(2)) { [unowned self] in showState() }
        case .help, .redraw:
            break
        }
    }

    /// The overlay follows the connection state; nothing is shown while attached.
    func showState() {
        guard prompt == nil else { return }
        relay.overlay = state.state.statusLine(host: target.displayName).map { Overlay.status($0) }
        relay.renderNow()
    }

    /// True once any connection of this run reached the remote command.
    var everAttached: Bool { attachedOnce }

    func dropConnection() {
        if let socketWatch { loop.unwatch(socketWatch) }
        socketWatch = nil
        if let keepaliveTimer { loop.cancel(keepaliveTimer) }
        keepaliveTimer = nil
        outbound.removeAll()
        connection?.disconnect()
        connection = nil
    }

    func finish(_ code: Int32, _ message: String) {
        guard outcome == nil else { return }
        outcome = Outcome(exitCode: code, message: message)
        if let reconnectTimer { loop.cancel(reconnectTimer) }
        loop.stop()
    }
}

extension SSHError {
    /// Failures a later attempt may get past (the network), as opposed to decisions
    /// (a changed key, refused authentication) that retrying must not wear down.
    var isRecoverableByReconnecting: Bool {
        switch self {
        case .hostNotFound, .connectionRefused, .timedOut, .unreachable, .handshakeFailed, .connectionLost:
            return true
        default:
            return false
        }
    }
}
