import Console
import Loop
import SSH

/// Moving bytes between the link's channel and its emulator, all driven by the loop's watch
/// on the SSH socket: output is read until the channel has nothing more, input waits in
/// `outbound` until the channel takes it, and `.writable` is asked for only while it waits.
extension LinkDriver {
    func watchSocket() {
        guard let connection else { return }
        socketWatch = loop.watch(connection.session.socketDescriptor, for: .readable) { [unowned self] events in
            if events.contains(.readable) || events.contains(.hangup) || events.contains(.error),
               keepalive.heard() {
                delegate?.driverStatusChanged(self)
            }
            if let roundTrip = keepalive.takeRoundTrip() { echo.record(roundTrip: roundTrip) }
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

    /// Reads what the channel has (for up to `pumpTurn`), feeds the emulator, flushes queued
    /// input. The front host's output goes through the relay (which draws it); a hidden host's
    /// emulator is fed here, and its replies go back on its own channel. When more is waiting,
    /// the rest is read on the loop's next turn, after the keys typed meanwhile: a host writing
    /// without pause must not keep `ctrl+] d` waiting.
    func pump() {
        guard let connection, delegate?.isEnding != true else { return }
        do {
            var output: (reachedEOF: Bool, hasMore: Bool)
            let start = ContinuousClock.now
            repeat {
                // Each piece is fed from the channel's own buffer (no copy); reading stops if
                // feeding it (a reply that failed to send) dropped the connection.
                output = try connection.channel.readAvailable(limit: Self.pumpSlice) { bytes, _ in
                    // The session drew: its program is up and reading, so keys typed before go now.
                    deliverPending()
                    if self.connection === connection { receive(bytes) }
                    return self.connection === connection
                }
                guard self.connection === connection else { return }
            } while output.hasMore && ContinuousClock.now - start < Self.pumpTurn
            // A half-sent packet of another call (a reply sent while feeding, say) stops the read
            // at once; libssh2 may already hold the output, so once `flush` finished that packet
            // a turn must come back for it.
            let readHeldOff = !connection.channel.mayRead
            try flush()
            if let size = remoteSizeDue { resizeRemote(columns: size.columns, rows: size.rows) }
            let carried = forwards.map(\.openCount)
            var forwardsHaveMore = false
            for forward in forwards where try forward.pump() { forwardsHaveMore = true }
            if try agent?.pump() == true { forwardsHaveMore = true }
            guard self.connection === connection else { return }
            if forwards.map(\.openCount) != carried { delegate?.driverStatusChanged(self) }
            if output.hasMore || forwardsHaveMore || (readHeldOff && !connection.session.hasPendingSend) {
                // libssh2 may hold the rest already, so the socket need not become readable again.
                pumpNextTurn()
            } else if output.reachedEOF || connection.channel.receivedEOF {
                remoteEnded(connection)
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
    private func pumpNextTurn() {
        guard !pumpAgainTimer.isPending else { return }
        pumpAgainTimer.nextTurn { [weak self] in self?.serve() }
    }

    /// Output is read and fed in slices of `pumpSlice` bytes for at most `pumpTurn` per
    /// event-loop turn (a slice of the emulator's worst stream takes ~0.5 ms in a release
    /// build), then the loop reads the keys typed meanwhile.
    static let pumpSlice = 16 * 1024
    static let pumpTurn = Duration.milliseconds(10)

    private func receive(_ bytes: UnsafeRawBufferPointer) {
        if delegate?.driver(self, relays: bytes) != true {
            terminal.feed(bytes)
            let replies = terminal.takeReplies()
            if !replies.isEmpty { send(replies) }
        }
        if alerts.hasNews(in: terminal) { delegate?.driverSignalled(self) }
    }

    /// Queues `bytes` for the remote and writes what the channel takes now. Without a
    /// connection they are dropped: keys for later go to `keepForLater`.
    func send(_ bytes: [UInt8]) {
        guard connection != nil else { return }
        outbound += bytes
        do { try flush() } catch { lose("\(error)", recoverable: true, generation: lifecycle.generation) }
        // A channel write first reads what the socket holds (libssh2 drains it for window
        // adjusts): the host's output, a forwarded connection's data or the open of an agent
        // channel may now wait inside libssh2 with no socket event left to announce it, so the
        // next turn reads (one read that finds nothing costs an EAGAIN).
        pumpNextTurn()
        updateSocketEvents()
    }

    func flush() throws {
        guard let channel = connection?.channel else { return }
        // An upload owns the session's sending until it is done (`LinkDriver+Upload.swift`),
        // except that a write libssh2 holds half sent must finish first, or nothing can send.
        if upload != nil {
            // Finishing the packet returns the count it carried; the rest waits for the upload.
            if channel.holdsSessionTurn, !outbound.isEmpty {
                outbound.removeFirst(min(outbound.count, try channel.write(outbound)))
            }
            return
        }
        while !outbound.isEmpty {
            let n = try channel.write(outbound)
            if n <= 0 { break }
            outbound.removeFirst(n)
        }
    }

    /// The host's forwards and how many connections each carries, for the status line and
    /// the host list: `forwards 8080 → localhost:80 (2 open)`; nil without forwards.
    var forwardNote: String? {
        guard !forwards.isEmpty else { return nil }
        return "forwards " + forwards.map { "\($0.spec.summary) (\($0.openCount) open)" }.joined(separator: ", ")
    }

    func updateSocketEvents() {
        guard let socketWatch, let session = connection?.session else { return }
        var events: EventLoop.Events = .readable
        if !outbound.isEmpty || session.blockDirections.contains(.outbound) || remoteSizeDue != nil
            || forwards.contains(where: \.waitsForRemote) || agent?.waitsForRemote == true {
            events.insert(.writable)
        }
        loop.setEvents(events, for: socketWatch)
    }
}
