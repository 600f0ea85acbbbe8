import Console
import Foundation
import SSH

extension AttachController {
    /// A host's connection failed or dropped. Before its first attach nothing is retried (like
    /// ssh); after it, recoverable failures reconnect with backoff while the kept screen stays
    /// visible, but only for the host in front: a hidden host waits until it is brought forward.
    func lost(_ link: HostLink, _ reason: String, recoverable: Bool, generation: UInt64) {
        let wasAttached = link.attachedOnce
        dropConnection(link)
        link.state.handle(.lost(reason: reason, recoverable: recoverable && wasAttached), generation: generation)
        showState()
        switch link.state.state {
        case .failed(let why):
            hostDone(link, Outcome(exitCode: 1, message: wasAttached ? "Lost \(link.name): \(why)" : why))
        case .reconnecting:
            scheduleReconnect(link)
        default:
            break
        }
    }

    /// Starts the reconnect timer when the host may reconnect now (it is in front).
    func scheduleReconnect(_ link: HostLink) {
        guard let next = link.state.nextAttempt, link.reconnectTimer == nil else { return }
        let delay = max(0, next.timeIntervalSinceNow)
        link.reconnectTimer = loop.schedule(after: .milliseconds(Int(delay * 1000))) { [unowned self] in
            link.reconnectTimer = nil
            connect(link)
        }
        scheduleCountdown()
    }

    /// Keeps the front host's "reconnecting in N s" or "no answer for N s" line current.
    func scheduleCountdown() {
        if let countdownTimer { loop.cancel(countdownTimer) }
        countdownTimer = loop.schedule(after: .seconds(1)) { [unowned self] in
            countdownTimer = nil
            let waiting = front.state.nextAttempt != nil && front.reconnectTimer != nil
            let silent = front.connection != nil && front.keepalive.unanswered
            guard waiting || silent else { return }
            showState()
            scheduleCountdown()
        }
    }

    /// A host's remote command ended: herdr detached (ctrl+b q) or exited.
    func remoteEnded(_ link: HostLink, _ connection: RemoteConnection) {
        let exit = try? connection.channel.close()
        link.state.handle(.remoteEnded, generation: link.state.generation)
        dropConnection(link)
        let name = link.name
        let status = exit?.status ?? 0
        if status == 0 && exit?.signal == nil {
            hostDone(link, Outcome(exitCode: 0, message: "The session on \(name) was detached or ended; herdr keeps running on the host. Reattach with 'drover attach \(link.target.attachArguments)'."))
        } else {
            let how = exit?.signal.map { "was killed by signal \($0)" } ?? "exited with status \(status)"
            var lines = ["The attach command on \(name) \(how)."]
            if status == 127 {
                lines.append(link.target.herdrMissingAdvice)
            }
            let screen = lastScreenLines(of: link)
            if !screen.isEmpty { lines.append("Its last output:\n" + screen.map { "  " + $0 }.joined(separator: "\n")) }
            hostDone(link, Outcome(exitCode: 1, message: lines.joined(separator: "\n")))
        }
    }

    /// The last few non-empty rows of a host's screen (to explain a failed command).
    func lastScreenLines(of link: HostLink, limit: Int = 5) -> [String] {
        let frame = link.terminal.frame()
        let rows = (0..<frame.rows).map { frame.rowText($0) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return Array(rows.suffix(limit))
    }

    /// A host is done (ended or failed for good). It stays in the list with its last screen;
    /// Drover ends when every host is done, reporting each one.
    func hostDone(_ link: HostLink, _ result: Outcome) {
        link.outcome = result
        if let timer = link.reconnectTimer { loop.cancel(timer) }
        link.reconnectTimer = nil
        let results = links.compactMap(\.outcome)
        guard results.count == links.count else {
            showState()
            return
        }
        finish(results.map(\.exitCode).max() ?? 0, results.map(\.message).joined(separator: "\n"))
    }

    func finish(_ code: Int32, _ message: String) {
        guard outcome == nil else { return }
        outcome = Outcome(exitCode: code, message: message)
        for link in links {
            if let timer = link.reconnectTimer { loop.cancel(timer) }
            link.reconnectTimer = nil
        }
        loop.stop()
    }
}

extension SSHError {
    /// Whether a later attempt may get past this failure. Everything on the way (the network,
    /// a host still booting, a half-started sshd) may; decisions that retrying must not wear
    /// down (a changed, revoked or untrusted key, refused authentication) and a server that
    /// can never work with Drover (RSA only) may not.
    var isRecoverableByReconnecting: Bool {
        switch self {
        case .hostKeyChanged, .hostKeyRevoked, .hostKeyNotTrusted, .hostKeyNotVerified, .authenticationRefused,
             .rsaOnlyServer:
            return false
        case .hostNotFound, .connectionRefused, .timedOut, .unreachable, .handshakeFailed, .connectionLost,
             .channelRefused, .protocolFailure:
            return true
        }
    }
}
