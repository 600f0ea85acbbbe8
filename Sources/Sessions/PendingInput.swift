import Console

/// Keys typed for a host whose session is not attached yet (connecting, reconnecting), kept in
/// order and sent once it is, as mosh delivers input typed during an outage.
///
/// Bounded by `limit` bytes. Past it the oldest keys are kept and every newer one is dropped
/// until the queue is sent or discarded: what reaches the host is always a prefix of what was
/// typed, never a line with a hole in it. A chunk that does not fit whole (the relay appends one
/// encoded key or one paste at a time) keeps what fits only where a cut is harmless: plain text
/// is cut between UTF-8 characters; a bracketed paste keeps its closing bracket, or is dropped
/// whole if that no longer fits (half a bracketed paste would leave the remote in paste mode);
/// anything else with an escape sequence is kept or dropped whole, so no half sequence is sent.
struct PendingInput: Equatable, Sendable {
    static let limit = 4096

    private(set) var bytes: [UInt8] = []
    /// Bytes typed after the queue was full, and dropped.
    private(set) var dropped = 0

    /// True when nothing waits and nothing was dropped: typed keys may go straight out.
    var isEmpty: Bool { bytes.isEmpty && dropped == 0 }

    /// Queues one key's (or one paste's) bytes, or the part of them that fits (see above),
    /// unless the queue already overflowed.
    mutating func append(_ key: [UInt8]) {
        guard dropped == 0 else {
            dropped += key.count
            return
        }
        let kept = Self.keptPart(of: key, room: Self.limit - bytes.count)
        bytes += kept
        dropped += key.count - kept.count
    }

    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    private static let escape: UInt8 = 0x1B

    /// What of `chunk` goes into `room` bytes (a cut bracketed paste keeps its closing bracket).
    private static func keptPart(of chunk: [UInt8], room: Int) -> [UInt8] {
        if chunk.count <= room { return chunk }
        if isBracketedPaste(chunk) {
            let text = chunk[pasteStart.count..<(chunk.count - pasteEnd.count)]
            let textRoom = room - pasteStart.count - pasteEnd.count
            guard textRoom > 0 else { return [] }
            let cut = characterBoundary(in: text, atMost: textRoom)
            guard cut > text.startIndex else { return [] }
            return pasteStart + text[..<cut] + pasteEnd
        }
        guard !chunk.contains(escape) else { return [] }
        return Array(chunk[..<characterBoundary(in: chunk[...], atMost: room)])
    }

    private static func isBracketedPaste(_ chunk: [UInt8]) -> Bool {
        chunk.count >= pasteStart.count + pasteEnd.count
            && chunk.starts(with: pasteStart) && chunk.suffix(pasteEnd.count).elementsEqual(pasteEnd)
    }

    /// The end of the longest prefix of `text` of at most `limit` bytes that does not split a
    /// UTF-8 character: the cut moves back over continuation bytes (at most three).
    private static func characterBoundary(in text: ArraySlice<UInt8>, atMost limit: Int) -> Int {
        var cut = text.startIndex + limit
        var steps = 0
        while cut > text.startIndex, cut < text.endIndex, steps < 3, text[cut] & 0xC0 == 0x80 {
            cut -= 1
            steps += 1
        }
        return cut
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
