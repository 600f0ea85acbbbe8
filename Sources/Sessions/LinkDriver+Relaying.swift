import Console
import Loop
import SSH

/// Moving bytes between the link's channel and its screen, all driven by the loop's watch
/// on the SSH socket: output is read until the channel has nothing more and fed to the host's
/// screen here, whether it is in front or hidden; what the host is owed waits in the outbox
/// until the channel takes it, and `.writable` is asked for only while it waits.
extension LinkDriver {
    func watchSocket() {
        guard let connection else { return }
        socketWatch = loop.watch(connection.socketDescriptor, for: .readable) { [unowned self] events in
            if events.contains(.readable) || events.contains(.hangup) || events.contains(.error) { heard() }
            // A pump turn already asked for does this read (later in this loop turn, or in the
            // next if asked for during this one): one read per turn, not two.
            if !pumpAgainTimer.isPending { serve() }
        }
        updateSocketEvents()   // a window change sent in part before the watch began
    }

    /// A read, then the upload's step: the read finishes any packet another call left half
    /// sent, which would hold the step off.
    func serve() {
        pump()
        if !uploadStepTimer.isPending { driveUpload() }
    }

    /// Reads what the channel has (for up to `pumpTurn`), feeds the screen, flushes the outbox.
    /// The screen's answers go back on this channel at once. When more is waiting,
    /// the rest is read on the loop's next turn, after the keys typed meanwhile: a host writing
    /// without pause must not keep `ctrl+] d` waiting.
    func pump() {
        guard let connection, delegate?.isEnding != true else { return }
        do {
            try stepReceiptProbe(connection)
            var output: HostStream.Read
            let start = ContinuousClock.now
            // Output libssh2 took off the socket in another call reaches no socket watch: it is
            // heard here (both dead-link clocks stop for it, as for any other answer).
            var heardOutput = false
            defer { if heardOutput { heard() } }
            repeat {
                // Each piece is fed from the channel's own buffer (no copy); the recording and
                // the history snapshots see it first. A reply that fails to send throws.
                output = try stream.read(limit: Self.pumpSlice) { bytes in
                    heardOutput = true
                    delegate?.driver(self, received: bytes)
                }
                // The session drew: its program is up and reading, so the kept keys went first.
                if output.releasedKept { keptKeysWent() }
                noteScreenDrawn()
                if output.wrote { pumpNextTurn() }
                delegate?.driverAlerted(self)
                guard self.connection === connection else { return }
            } while output.hasMore && ContinuousClock.now - start < Self.pumpTurn
            // A half-sent packet of another call (a reply sent while feeding, say) stops the read
            // at once; libssh2 may already hold the output, so once `flush` finished that packet
            // a turn must come back for it.
            let readHeldOff = !stream.mayRead
            try flush()
            let carried = forwards.map(\.openCount)
            var forwardsHaveMore = false
            for forward in forwards where try forward.pump() { forwardsHaveMore = true }
            if try agent?.pump() == true { forwardsHaveMore = true }
            if try remoteForwards.pump() { forwardsHaveMore = true }
            guard self.connection === connection else { return }
            if forwards.map(\.openCount) != carried { delegate?.driverStatusChanged(self) }
            if output.hasMore || forwardsHaveMore || (readHeldOff && !connection.hasPendingSend)
                || connection.hasBufferedInput {
                // libssh2 may hold the rest already (here or in a jump host's session), so the
                // socket need not become readable again.
                pumpNextTurn()
            } else if output.reachedEOF || stream.receivedEOF {
                remoteEnded()
                return
            }
            updateSocketEvents()
        } catch let error as SSHError {
            lose(error.description, recoverable: true, generation: lifecycle.generation)
        } catch {
            lose("\(error)", recoverable: true, generation: lifecycle.generation)
        }
    }

    /// Pumps on the loop's next turn. One next turn at a time: the socket's pumps meanwhile
    /// must not add more, or they pile up and run back to back ahead of the frame that is due.
    /// Every pump not started by the socket's own watch comes here (forwards, the agent and
    /// remote forwards, the first read after attaching): one read per socket per turn.
    func pumpNextTurn() {
        guard !pumpAgainTimer.isPending else { return }
        pumpAgainTimer.nextTurn { [weak self] in self?.serve() }
    }

    /// Output is read and fed in slices of `pumpSlice` bytes for at most `pumpTurn` per
    /// event-loop turn (a slice of the emulator's worst stream takes ~0.5 ms in a release
    /// build), then the loop reads the keys typed meanwhile.
    static let pumpSlice = 16 * 1024
    static let pumpTurn = Duration.milliseconds(10)

    /// A key (or a paste) typed for this host: sent now, held behind a paste being prepared,
    /// or kept until the session is back (`HostOutbox` decides).
    @discardableResult
    func type(_ bytes: [UInt8]) -> HostOutbox.Route {
        let route = stream.type(bytes)
        if route == .channel { sendWaiting() }
        return route
    }

    /// A paste is being prepared for this host: keys typed from now on wait behind it.
    func holdForPaste() {
        stream.holdForPaste()
    }

    /// The paste is done: `text` (nil: nothing pasted) goes to the host as a paste in its
    /// screen's modes (bracketed when its program asked), then the keys held behind it.
    /// Returns how many held bytes were dropped at `HostOutbox.heldLimit`.
    func endPaste(_ text: String?) -> Int {
        let dropped = stream.endPaste(text)
        if stream.waitsForChannel { sendWaiting() }
        return dropped
    }

    /// Writes what the channel takes of the outbox now.
    func sendWaiting() {
        guard connection != nil else { return }
        do { try flush() } catch { lose("\(error)", recoverable: true, generation: lifecycle.generation) }
        keysWritten()
        // A channel write first reads what the socket holds (libssh2 drains it for window
        // adjusts): the host's output, a forwarded connection's data or the open of an agent
        // channel may now wait inside libssh2 with no socket event left to announce it, so the
        // next turn reads (one read that finds nothing costs an EAGAIN).
        pumpNextTurn()
        updateSocketEvents()
    }

    /// Writes the outbox while the channel takes it. An upload running on the session does not
    /// hold it back: a write goes whenever no other call's packet is half sent (the channel
    /// then writes nothing), and the upload's step waits while this channel's is.
    func flush() throws {
        try stream.flush()
    }

    /// The host's forwards, local (-L) and remote (-R), and how many connections each carries,
    /// for the status line and the host list: `forwards 8080 → localhost:80 (2 open), remote
    /// 9000 → localhost:3000 (0 open)`; nil without forwards.
    var forwardNote: String? {
        let notes = forwards.map { "\($0.spec.summary) (\($0.openCount) open)" } + remoteForwards.notes
        return notes.isEmpty ? nil : "forwards " + notes.joined(separator: ", ")
    }

    func updateSocketEvents() {
        guard let socketWatch, let connection else { return }
        var events: EventLoop.Events = .readable
        if stream.waitsForChannel || connection.waitsToSend
            || forwards.contains(where: \.waitsForRemote) || agent?.waitsForRemote == true
            || remoteForwards.waitsForRemote {
            events.insert(.writable)
        }
        loop.setEvents(events, for: socketWatch)
    }
}
