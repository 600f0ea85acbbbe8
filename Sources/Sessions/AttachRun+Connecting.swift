import Console
import LibC
import SSH
import VT

/// Connecting without freezing the screen: each attempt runs on its own thread
/// (`ConnectAttempt`) and reports here through the loop's mailbox. Every report carries the
/// attempt's generation; one from an attempt that is no longer current (the host reconnected,
/// was given up, or Drover is ending) is declined: its question answered "no", its finished
/// connection disconnected.
extension AttachRun {
    func connect(_ link: LinkDriver) {
        let generation = link.beginConnect()
        statusChanged()
        ConnectAttempt(host: link.index, generation: generation, target: link.connectTarget, root: root,
                       environment: environment, options: options, fence: link.fenceRequest(generation: generation),
                       columns: link.terminal.columns, rows: link.terminal.rows)
            .start(reportingTo: mailbox)
    }

    func receive(_ message: ConnectMessage) {
        guard outcome == nil else { return message.decline() }
        switch message {
        case .progress(let host, let generation, let step):
            if case .authenticating = step { drivers[host].handshakeDone(generation: generation) }
            statusChanged()
        case .note(let host, let generation, let text):
            if generation == drivers[host].lifecycle.generation, drivers[host] === front { showBanner(text) }
        case .laterNote(let host, let generation, let text):
            // Read now (the latest lines), which lets the next line post again.
            if let text = text(), generation == drivers[host].lifecycle.generation, drivers[host] === front { showBanner(text) }
        case .trust(let host, let generation, let key, let answer):
            askTrust(key, for: drivers[host], generation: generation) { answer.give($0) }
        case .login(let host, let generation, let question, let answer):
            let link = drivers[host]
            guard generation == link.lifecycle.generation, link.lifecycle.state.isLive else { return answer.give(nil) }
            // A reconnect logs in with the password given earlier in this run; asked again,
            // the host refused it, so the person is asked.
            if let kept = link.answers.answer(for: question) { return answer.give(kept) }
            link.answers.forget(question)
            ask(.authentication(question, host: link.name), for: link, generation: generation) { typed in
                if let typed { link.answers.keep(typed, for: question) }
                answer.give(typed)
            }
        case .finished(let host, let generation, .success(let handed)):
            let link = drivers[host]
            guard generation == link.lifecycle.generation, link.lifecycle.state.isLive else { return message.decline() }
            link.attach(handed.connection, generation: generation)
            releaseCleanFileMappings()  // the channel's opening ran once (ADR 0033, wave 7)
            everAttached.insert(host)
            statusChanged()
            if link === front { frontView.redraw() }
            link.startDelivering()
        case .finished(let host, let generation, .failure(let error)):
            let link = drivers[host]
            guard generation == link.lifecycle.generation else { return }
            if let error = error as? SSHError {
                link.lose(error.description, recoverable: error.isRecoverableByReconnecting, generation: generation)
            } else {
                link.lose("\(error)", recoverable: false, generation: generation)
            }
        }
    }

    /// Shows the trust question; `reply` gets the decision. A hidden host does not ask: its
    /// question waits until the person brings it forward.
    func askTrust(_ key: UnknownHostKey, for link: LinkDriver, generation: UInt64, reply: @escaping (Bool) -> Void) {
        link.trustNeeded(fingerprint: key.key.fingerprint, generation: generation)
        guard link === front else {
            link.trustDeferred(generation: generation)
            statusChanged()
            return reply(false)
        }
        guard link.lifecycle.mayPrompt(generation: generation) else { return reply(false) }
        ask(.trust(key), for: link, generation: generation) { [unowned self] typed in
            let answer = TrustAnswer(judging: typed, fingerprint: key.key.fingerprint) == .trust
            link.trustAnswered(answer, generation: generation)
            if outcome == nil { statusChanged() }
            reply(answer)
        }
    }

    /// Queues `question`; it is shown when the ones before it are answered. A question takes
    /// the local input from the picker and the help box, which close (`InputRouter.ask`).
    func ask(_ question: LinePrompt, for link: LinkDriver, generation: UInt64, reply: @escaping (String?) -> Void) {
        let first = input.ask(PromptQueue.Question(host: link.index, generation: generation, prompt: question, reply: reply))
        frontView.requestRender()
        if first { showQuestion() }
    }

    /// Shows the first question that is still current, declining the stale ones before it;
    /// with none left, the status line comes back.
    func showQuestion() {
        for stale in input.removeStaleQuestions(currentGeneration: { drivers[$0].lifecycle.generation }) { stale.reply(nil) }
        // A question owns the keys: history mode would hide it.
        if input.questionWaiting { frontView.leaveHistory() }
        statusChanged()
    }
}
