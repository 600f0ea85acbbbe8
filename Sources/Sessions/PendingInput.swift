import Console

/// Keys typed for a host whose session is not attached yet (connecting, reconnecting), kept in
/// order and sent once it is, as mosh delivers input typed during an outage.
///
/// Bounded by `limit` bytes. Past it the oldest keys are kept and every newer one is dropped
/// until the queue is sent or discarded: what reaches the host is always a prefix of what was
/// typed, never a line with a hole in it. A key's bytes are kept or dropped whole, so no half
/// escape sequence is ever sent.
struct PendingInput: Equatable, Sendable {
    static let limit = 4096

    private(set) var bytes: [UInt8] = []
    /// Bytes typed after the queue was full, and dropped.
    private(set) var dropped = 0

    /// True when nothing waits and nothing was dropped: typed keys may go straight out.
    var isEmpty: Bool { bytes.isEmpty && dropped == 0 }

    /// Queues one key's (or one paste's) bytes, unless the queue is full or already overflowed.
    mutating func append(_ key: [UInt8]) {
        guard dropped == 0, bytes.count + key.count <= Self.limit else {
            dropped += key.count
            return
        }
        bytes += key
    }

    /// Everything queued, oldest first; the queue starts over.
    mutating func take() -> [UInt8] {
        defer { self = PendingInput() }
        return bytes
    }

    /// Drops the queue (`ctrl+] x`); returns how many bytes were waiting.
    @discardableResult
    mutating func discard() -> Int {
        defer { self = PendingInput() }
        return bytes.count
    }

    /// For the status line: how much waits, and that newer keys were dropped once it was full.
    var statusNote: String? {
        guard !isEmpty else { return nil }
        var note = "\(bytes.count) typed bytes wait to be sent"
        if dropped > 0 { note += "; full at 4 KiB, \(dropped) newer bytes dropped" }
        return note + " (\(PrefixKeyHandler.keys(for: .discardPending)) discards)"
    }
}
