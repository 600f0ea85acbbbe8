import Console
import Loop

/// The link's timers, all on the loop's `ContinuousClock`: the keepalive, the reconnect
/// backoff, and the delivery of keys typed while the link was away.
extension LinkDriver {
    // MARK: Keepalive

    /// How long the link may stay silent before it is declared dead.
    var deadSilence: Duration { .seconds(keepaliveInterval * Self.deadAfterKeepalives) }

    /// "mac: no answer for 4 s; …" while a keepalive is unanswered, else nil.
    var keepaliveNote: String? {
        receipt.statusNote(host: name, at: .now) ?? keepalive.statusNote(host: name, deadAfter: deadSilence)
    }

    func scheduleKeepalive() {
        let due = ContinuousClock.now + .seconds(keepaliveInterval)
        keepaliveTimer.schedule(at: due) { [unowned self] in
            guard let connection else { return }
            // Far later than due: the process did not run (a sleep, a stop). The link may have
            // died meanwhile without a word; it must answer now (ADR 0031).
            if ContinuousClock.now - due > Self.wakeLateness {
                woke()
                guard self.connection === connection else { return }
            }
            switch keepalive.tick(deadAfter: deadSilence) {
            case .dead(let seconds):
                lose("no answer from the host for \(seconds) s", recoverable: true, generation: lifecycle.generation)
                return
            case .unanswered:
                delegate?.driverFellSilent(self)
                declareDeadOnTime(connection)
            case .answering:
                break
            }
            do {
                // libssh2 sends only after `interval` seconds without I/O (at least 2); a full
                // interval until the next one means it sent one now, which must be answered.
                if try connection.sendKeepalive() >= max(2, keepaliveInterval) {
                    keepalive.probed()
                    answerWindowTimer.schedule(after: KeepaliveWatch.answerWindow) { [weak self] in
                        guard let self, self.connection === connection, self.keepalive.answerWindowEnded() else { return }
                        self.delegate?.driverFellSilent(self)
                        self.declareDeadOnTime(connection)
                    }
                }
            } catch {
                lose("\(error)", recoverable: true, generation: lifecycle.generation)
                return
            }
            updateSocketEvents()
            scheduleKeepalive()
        }
    }

    /// A silent link is declared dead when its silence reaches `deadSilence`, not at the next
    /// keepalive tick after that (up to an interval later): the status line's "reconnecting
    /// after 45 s of silence" then holds to the second.
    private func declareDeadOnTime(_ connection: any LinkConnection) {
        let due = keepalive.lastInbound + deadSilence + .milliseconds(10)
        silenceDeadline.schedule(at: due) { [weak self] in
            guard let self, self.connection === connection,
                  case .dead(let seconds) = self.keepalive.tick(deadAfter: self.deadSilence) else { return }
            self.lose("no answer from the host for \(seconds) s", recoverable: true, generation: self.lifecycle.generation)
        }
    }

    // MARK: Reconnecting

    /// Starts the backoff timer when the lifecycle has an attempt due (only a host in front
    /// has one) and no timer runs yet. Returns true when it started one.
    @discardableResult
    func scheduleReconnect() -> Bool {
        guard let next = lifecycle.nextAttempt, !reconnectTimer.isPending else { return false }
        reconnectTimer.schedule(at: next) { [unowned self] in
            delegate?.driverReconnectDue(self)
        }
        return true
    }

    func cancelReconnect() {
        reconnectTimer.cancel()
    }

    /// Whether the status line has a countdown to keep current: "reconnecting in N s" or
    /// "no answer for N s".
    var isCountingDown: Bool {
        let waiting = lifecycle.nextAttempt != nil && reconnectTimer.isPending
        let silent = connection != nil && (keepalive.unanswered || receipt.suspected)
        return waiting || silent
    }

    // MARK: Keys typed while away

    /// `ctrl+] x`: drops the kept keys; returns how many bytes there were.
    func discardPending() -> Int {
        stream.discardKept()
    }

    /// Right after attaching: keys typed before wait for the session's first output (its
    /// program is then up and reading: a shell that has not yet switched its terminal to raw
    /// mode would act on ctrl+c or echo them), or one second if it draws nothing; the channel
    /// is first read on the next turn (one read per socket per turn, like every other pump).
    func startDelivering() {
        if stream.hasKeptKeys {
            deliveryTimer.schedule(after: .seconds(1)) { [unowned self] in
                deliverPending()
            }
        }
        pumpNextTurn()
        removeLeftUploads()
    }

    /// Sends the keys kept for this link, oldest first, ahead of anything typed later (the
    /// session stayed quiet; its first output sends them otherwise, `HostStream.read`).
    func deliverPending() {
        guard connection != nil, stream.releaseKept() else { return }
        sendWaiting()
        keptKeysWent()
    }

    /// The kept keys went: no timer waits for them, and the status line no longer counts them.
    func keptKeysWent() {
        deliveryTimer.cancel()
        keysWritten()
        delegate?.driverStatusChanged(self)
    }
}
