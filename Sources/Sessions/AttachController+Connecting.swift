import Console
import Foundation
import SSH

/// Connecting without freezing the screen: each attempt runs on its own thread
/// (`ConnectAttempt`) and reports here through the loop's mailbox. Every report carries the
/// attempt's generation; one from an attempt that is no longer current (the host reconnected,
/// was given up, or Drover is ending) is declined: its question answered "no", its finished
/// connection disconnected.
extension AttachController {
    /// A question a connect thread waits on, shown in the overlay when its turn comes.
    struct Question {
        let link: HostLink
        let generation: UInt64
        var prompt: LinePrompt
        /// Passes the answer back (nil when cancelled or no longer current).
        let reply: (String?) -> Void
    }

    /// The question on screen, if any.
    var prompt: LinePrompt? { questions.first?.prompt }

    func connect(_ link: HostLink) {
        if let timer = link.reconnectTimer { loop.cancel(timer) }
        link.reconnectTimer = nil
        let generation = link.state.beginConnect(address: link.target.endpoint.hostAndPort)
        showState()
        guard let host = links.firstIndex(where: { $0 === link }) else { return }
        ConnectAttempt(host: host, generation: generation, target: link.target, root: root, environment: environment,
                       options: options, columns: link.terminal.columns, rows: link.terminal.rows)
            .start(reportingTo: mailbox)
    }

    func receive(_ message: ConnectMessage) {
        guard outcome == nil else { return message.decline() }
        switch message {
        case .progress(let host, let generation, let step):
            if case .authenticating = step { links[host].state.handle(.handshakeDone, generation: generation) }
            showState()
        case .trust(let host, let generation, let key, let answer):
            askTrust(key, for: links[host], generation: generation) { answer.give($0) }
        case .login(let host, let generation, let question, let answer):
            let link = links[host]
            guard generation == link.state.generation, link.state.state.isLive else { return answer.give(nil) }
            // A reconnect logs in with the password given earlier in this run; asked again,
            // the host refused it, so the person is asked.
            if let kept = link.answers.answer(for: question) { return answer.give(kept) }
            link.answers.forget(question)
            ask(.authentication(question, host: link.name), for: link, generation: generation) { typed in
                if let typed { link.answers.keep(typed, for: question) }
                answer.give(typed)
            }
        case .finished(let host, let generation, .success(let handed)):
            let link = links[host]
            guard generation == link.state.generation, link.state.state.isLive else { return message.decline() }
            attached(link, handed.connection, generation: generation)
        case .finished(let host, let generation, .failure(let error)):
            let link = links[host]
            guard generation == link.state.generation else { return }
            if let error = error as? SSHError {
                lost(link, error.description, recoverable: error.isRecoverableByReconnecting, generation: generation)
            } else {
                lost(link, "\(error)", recoverable: false, generation: generation)
            }
        }
    }

    /// The connection of the current attempt reached the remote command: it is the link's now.
    private func attached(_ link: HostLink, _ connection: RemoteConnection, generation: UInt64) {
        link.connection = connection
        link.state.handle(.attached, generation: generation)
        link.attachedOnce = true
        link.keepalive = KeepaliveWatch()
        // The local terminal (or the host's emulator) may have been resized while connecting.
        try? connection.channel.resize(columns: link.terminal.columns, rows: link.terminal.rows)
        watchSocket(of: link)
        connection.session.configureKeepalive(interval: keepaliveInterval)
        scheduleKeepalive(link)
        showState()
        if link === front { relay.redraw() }
        holdPendingUntilDrawn(link)
        pump(link)
    }

    /// Shows the trust overlay; `reply` gets the decision. A hidden host does not ask: its
    /// question waits until the person brings it forward.
    func askTrust(_ key: UnknownHostKey, for link: HostLink, generation: UInt64, reply: @escaping (Bool) -> Void) {
        link.state.handle(.trustNeeded(fingerprint: key.key.fingerprint), generation: generation)
        guard link === front else {
            link.state.handle(.trustDeferred, generation: generation)
            showState()
            return reply(false)
        }
        guard link.state.mayPrompt(generation: generation) else { return reply(false) }
        ask(.trust(key), for: link, generation: generation) { [unowned self] typed in
            let answer = TrustAnswer(judging: typed, fingerprint: key.key.fingerprint) == .trust
            link.state.handle(.trustAnswered(answer), generation: generation)
            if outcome == nil { showState() }
            reply(answer)
        }
    }

    /// Queues `question`; it is shown when the ones before it are answered.
    func ask(_ question: LinePrompt, for link: HostLink, generation: UInt64, reply: @escaping (String?) -> Void) {
        if picker != nil { closePicker() }
        questions.append(Question(link: link, generation: generation, prompt: question, reply: reply))
        if questions.count == 1 { showQuestion() }
    }

    /// Shows the first question that is still current (declining the stale ones), and routes
    /// local input to it until it is answered or cancelled.
    private func showQuestion() {
        while let first = questions.first, first.generation != first.link.state.generation {
            questions.removeFirst()
            first.reply(nil)
        }
        guard let first = questions.first else {
            relay.inputInterceptor = nil
            showState()
            return
        }
        relay.overlay = first.prompt.overlay
        relay.inputInterceptor = { [unowned self] event in
            guard !questions.isEmpty else { return false }
            questions[0].prompt.handle(event)
            let current = questions[0]
            guard current.prompt.isFinished else {
                relay.overlay = current.prompt.overlay
                return true
            }
            questions.removeFirst()
            relay.inputInterceptor = nil
            current.reply(current.prompt.submitted)
            showQuestion()
            return true
        }
    }
}
