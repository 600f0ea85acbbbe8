import Console
import Foundation
import SSH

/// Moving bytes between each host's channel and its emulator, and keeping links alive.
extension AttachController {
    func watchSocket(of link: HostLink) {
        guard let connection = link.connection else { return }
        link.socketWatch = loop.watch(connection.session.socketDescriptor, for: .readable) { [unowned self] events in
            if events.contains(.readable) || events.contains(.hangup) || events.contains(.error),
               link.keepalive.heard() {
                showState()
            }
            pump(link)
        }
    }

    /// Reads everything the host's channel has, feeds its emulator, flushes queued input. The
    /// front host's output goes through the relay (which draws it); a hidden host's emulator
    /// is fed directly, and its replies go back on its own channel.
    func pump(_ link: HostLink) {
        guard let connection = link.connection else { return }
        do {
            var output: (reachedEOF: Bool, hasMore: Bool)
            repeat {
                // Each piece is fed from the channel's buffer; reading stops if feeding it
                // (a reply that failed to send) dropped the connection.
                output = try connection.channel.readAvailable { bytes, _ in
                    // The session drew: its program is up and reading, so keys typed before go now.
                    deliverPending(link)
                    if link.connection === connection { receive(bytes, for: link) }
                    return link.connection === connection
                }
                guard link.connection === connection else { return }
            } while output.hasMore
            try flush(link)
            if output.reachedEOF || connection.channel.receivedEOF {
                remoteEnded(link, connection)
                return
            }
            updateSocketEvents(link)
        } catch let error as SSHError {
            lost(link, error.description, recoverable: true, generation: link.state.generation)
        } catch {
            lost(link, "\(error)", recoverable: true, generation: link.state.generation)
        }
    }

    private func receive(_ bytes: UnsafeRawBufferPointer, for link: HostLink) {
        if link === front {
            relay.receiveRemote(bytes)
            return
        }
        link.terminal.feed(bytes)
        let replies = link.terminal.takeReplies()
        if !replies.isEmpty { send(replies, to: link) }
    }

    func send(_ bytes: [UInt8], to link: HostLink) {
        guard link.connection != nil else { return }
        link.outbound += bytes
        do { try flush(link) } catch { lost(link, "\(error)", recoverable: true, generation: link.state.generation) }
        updateSocketEvents(link)
    }

    func flush(_ link: HostLink) throws {
        guard let channel = link.connection?.channel else { return }
        while !link.outbound.isEmpty {
            let n = try channel.write(link.outbound)
            if n <= 0 { break }
            link.outbound.removeFirst(n)
        }
    }

    func updateSocketEvents(_ link: HostLink) {
        guard let socketWatch = link.socketWatch, let session = link.connection?.session else { return }
        var events: EventLoop.Events = .readable
        if !link.outbound.isEmpty || session.blockDirections.contains(.outbound) { events.insert(.writable) }
        loop.setEvents(events, for: socketWatch)
    }

    func scheduleKeepalive(_ link: HostLink) {
        link.keepaliveTimer = loop.schedule(after: .seconds(keepaliveInterval)) { [unowned self] in
            guard let connection = link.connection else { return }
            switch link.keepalive.tick(deadAfter: deadSilence) {
            case .dead(let seconds):
                lost(link, "no answer from the host for \(seconds) s", recoverable: true,
                     generation: link.state.generation)
                return
            case .unanswered:
                showState()
                scheduleCountdown()
            case .answering:
                break
            }
            do {
                // libssh2 sends only after `interval` seconds without I/O (at least 2); a full
                // interval until the next one means it sent one now, which must be answered.
                if try connection.session.sendKeepalive() >= max(2, keepaliveInterval) { link.keepalive.probed() }
            } catch {
                lost(link, "\(error)", recoverable: true, generation: link.state.generation)
                return
            }
            updateSocketEvents(link)
            scheduleKeepalive(link)
        }
    }

    /// How long a link may stay silent before it is declared dead.
    var deadSilence: Duration { .seconds(keepaliveInterval * deadAfterKeepalives) }

    func dropConnection(_ link: HostLink) {
        if let socketWatch = link.socketWatch { loop.unwatch(socketWatch) }
        link.socketWatch = nil
        if let keepaliveTimer = link.keepaliveTimer { loop.cancel(keepaliveTimer) }
        link.keepaliveTimer = nil
        if let deliveryTimer = link.deliveryTimer { loop.cancel(deliveryTimer) }
        link.deliveryTimer = nil
        link.outbound.removeAll()
        link.connection?.disconnect()
        link.connection = nil
    }
}
