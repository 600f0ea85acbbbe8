import CLibSSH2

/// A session channel's receive window, kept at what `ReceiveWindowModel` says the link needs
/// (ADR 0030), so that after a key like Ctrl+C no more than about two bandwidth-delay
/// products of old output are still on the way.
///
/// libssh2 1.11.1 tops a channel's window up by itself, at the start of every read, to the size
/// the channel was opened with plus the read's buffer, whenever it has fallen below three
/// quarters of that; and a window adjust can only add. So the channel is opened with `initial`
/// (libssh2 then never lets the window fall much below the floor) and this object tops it up
/// by hand to the model's target after each read pass; to shrink, it stops topping up.
///
/// Round trips are measured from the grants themselves: the first byte read beyond the limit
/// a grant raised can only have been sent after that grant reached the server, so the time
/// from the grant to that read is never less than the round trip (libssh2's own grants count
/// too: any rise of read bytes + window is a grant).
final class ChannelReceiveWindow {
    /// The window a session channel is opened with.
    static let initial = 32 * 1024
    /// The most bytes one libssh2 read asks for (`SSHChannel`'s buffer): libssh2 adds it.
    static let readSize = 32 * 1024
    /// libssh2's own default window, which Drover opened channels with before: a flood on a
    /// fast link (loopback) is no slower than it was.
    static let ceiling = 2 * 1024 * 1024

    private var model = ReceiveWindowModel(floor: initial + readSize, ceiling: ceiling)
    /// Bytes read from the channel so far (both streams use the window).
    private var consumed = 0
    /// How far the server may send (bytes read + the window), as last seen.
    private var granted = initial
    /// Grants whose data has not been read yet: when, and the limit before it. Bounded: a
    /// server that sends nothing leaves them, and only the newest matter for a sample.
    private var grants: [(time: Double, limit: Int)] = []
    private static let grantsKept = 32
    /// The amount of this object's half-sent window adjust: libssh2 adds the amount passed on
    /// the call that finishes sending it, so the same amount is passed again.
    private var pendingAdjustment: UInt?
    /// The largest window granted so far.
    private(set) var largest = initial
    private let clockStart = ContinuousClock.now

    /// The window the model asks for now.
    var target: Int { model.target }
    /// The round trip the model uses (nil before the first sample).
    var roundTrip: Double? { model.roundTrip }
    /// True while this object's window adjust is half sent: the channel's next call finishes it.
    var isPending: Bool { pendingAdjustment != nil }

    /// After each libssh2 read (`bytes` read, 0 for none): counts the bytes, takes a round-trip
    /// sample when they pass a grant's limit, and notes a grant libssh2 made by itself.
    func observe(read bytes: Int, on raw: OpaquePointer) {
        let now = seconds()
        consumed += bytes
        if bytes > 0, let passed = grants.lastIndex(where: { consumed > $0.limit }) {
            // The newest grant passed gives the smallest sample that is still a true bound.
            model.roundTrip(now - grants[passed].time)
            grants.removeFirst(passed + 1)
        }
        let window = Int(libssh2_channel_window_read_ex(raw, nil, nil))
        largest = max(largest, window)
        if consumed + window > granted {
            grants.append((now, granted))
            if grants.count > Self.grantsKept { grants.removeFirst() }
            granted = consumed + window
        }
    }

    /// After a read pass that read `bytes`: feeds the model, then tops the window up to its
    /// target when it has fallen below three quarters of it and a small packet goes out whole
    /// now (a window adjust is a send: see `SSHSession+SendTurn`).
    func passEnded(read bytes: Int, session: SSHSession, raw: OpaquePointer, by sender: SSHSender) throws {
        if bytes > 0 { model.delivered(bytes, at: seconds()) }
        guard pendingAdjustment == nil else { return }
        let window = Int(libssh2_channel_window_read_ex(raw, nil, nil))
        let target = model.target
        guard window < target - target / 4, session.canSendSmallPacket else { return }
        try send(UInt(target - window), session: session, raw: raw, by: sender)
    }

    /// Finishes this object's half-sent window adjust, if any. True when none is left.
    @discardableResult
    func finishPending(session: SSHSession, raw: OpaquePointer, by sender: SSHSender) throws -> Bool {
        guard let adjustment = pendingAdjustment else { return true }
        try send(adjustment, session: session, raw: raw, by: sender)
        return pendingAdjustment == nil
    }

    private func send(_ adjustment: UInt, session: SSHSession, raw: OpaquePointer, by sender: SSHSender) throws {
        guard session.mayCall(sender) else { return }
        var window: UInt32 = 0
        let rc = libssh2_channel_receive_window_adjust2(raw, adjustment, 1, &window)
        session.called(sender)
        if rc == LIBSSH2_ERROR_EAGAIN {
            pendingAdjustment = adjustment
            return
        }
        pendingAdjustment = nil
        if rc != 0 { throw session.failure("adjusting the receive window", code: rc) }
        observe(read: 0, on: raw)
    }

    private func seconds() -> Double {
        let elapsed = (ContinuousClock.now - clockStart).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}
