import Console

/// Everything one host's link owes the host, in the order it arose (ADR 0022): typed keys,
/// pastes and the emulator's answers (cursor reports, colour answers). One per host, whether in
/// front or hidden (in its `HostStream`), which hands `write` what the channel takes. One queue
/// instead of three that each held part of this (keys kept while away, keys held behind a
/// paste, bytes the channel had not taken), so that an answer never waits behind an upload.
///
/// - **Attached**, nothing kept: keys and answers go to the channel in order.
/// - **Not attached** (connecting, reconnecting), or keys kept from then not sent yet: keys are
///   kept, as mosh delivers input typed during an outage, and go once `releaseKept` is called
///   (the session drew). Answers are dropped: they answer a screen the link no longer has, and
///   the answers the channel had not taken when it dropped go with it. Keys it had not taken,
///   and those it took without proof that the host received them (`UnprovenKeys`, ADR 0031),
///   go back to the front of the kept keys when the link is lost.
/// - **A paste being prepared** (a picture read and uploaded): keys typed meanwhile wait behind
///   it (they belong after the pasted path); answers do not, they go at once.
///
/// Kept keys are bounded by `keptLimit`. Past it the oldest are kept and every newer one is
/// dropped until the keys are sent or discarded: what reaches the host is always a prefix of
/// what was typed, never a line with a hole in it. A chunk that does not fit whole (one encoded
/// key or one paste at a time) keeps what fits only where a cut is harmless: plain text is cut
/// between UTF-8 characters; a bracketed paste keeps its closing bracket, or is dropped whole
/// if that no longer fits; anything else with an escape sequence is kept or dropped whole.
struct HostOutbox {
    static let keptLimit = 4096
    /// Keys held behind one paste at most; more are dropped, and the status line says so.
    static let heldLimit = 64 * 1024

    /// Where `type` put a key (kept: for later, or dropped at the bound).
    enum Route: Equatable { case channel, heldBehindPaste, kept }

    /// For the channel, oldest first: chunks of keys or of answers; the first one partly
    /// written when `readyOffset` is not 0.
    private var ready: [(bytes: [UInt8], isKey: Bool)] = []
    private var readyOffset = 0
    /// Keys the channel took that the host has not been shown to have received.
    private var unproven = UnprovenKeys()
    private var kept: [UInt8] = []
    /// Keys typed after `kept` was full, and dropped.
    private var keptDropped = 0
    /// Keys typed behind the paste being prepared; nil while there is none.
    private var held: [UInt8]?
    private var heldDropped = 0
    private var isAttached = false

    /// Whether a typed key goes to the channel now (attached, nothing kept before it).
    var takesKeysNow: Bool { isAttached && !hasKeptKeys }
    /// True while keys typed away wait (or were dropped once the bound was reached).
    var hasKeptKeys: Bool { !kept.isEmpty || keptDropped > 0 }
    /// True while bytes wait for the channel to take them.
    var waitsForChannel: Bool { !ready.isEmpty }
    /// Whether a paste is being prepared (keys wait behind it).
    var holdsForPaste: Bool { held != nil }
    /// Key bytes the channel took, ever: a receipt probe sent now vouches for this many.
    var keyBytesWritten: Int { unproven.written }
    /// True while keys the channel took wait for proof that the host received them.
    var hasUnprovenKeys: Bool { !unproven.isEmpty }

    // MARK: What goes in

    /// A key (or a paste) typed for this host.
    @discardableResult
    mutating func type(_ bytes: [UInt8]) -> Route {
        if held != nil {
            if held!.count + bytes.count <= Self.heldLimit { held! += bytes } else { heldDropped += bytes.count }
            return .heldBehindPaste
        }
        if takesKeysNow {
            enqueue(bytes, isKey: true)
            return .channel
        }
        keep(bytes)
        return .kept
    }

    /// The emulator's answers: to the channel now, ahead of nothing typed later and behind no
    /// paste; dropped while not attached.
    mutating func reply(_ bytes: [UInt8]) {
        if isAttached { enqueue(bytes, isKey: false) }
    }

    /// Appends to the chunk of the same kind at the end unless the channel began taking it.
    private mutating func enqueue(_ bytes: [UInt8], isKey: Bool) {
        if let last = ready.indices.last, ready[last].isKey == isKey, last > 0 || readyOffset == 0 {
            ready[last].bytes += bytes
        } else {
            ready.append((bytes, isKey))
        }
    }

    // MARK: The link

    /// A connection reached the remote command; kept keys wait for `releaseKept`.
    mutating func attached() {
        isAttached = true
    }

    /// The connection is gone. With `keepingKeys` (the link was lost, not ended by the host),
    /// the keys it took without proof and those it had not taken go back ahead of the kept
    /// keys, in the order they were typed, for the next connection; answers are dropped.
    mutating func detached(keepingKeys: Bool = true) {
        isAttached = false
        var again = unproven.takeAll()
        // The first chunk, if the channel began taking it, is among the unproven ones already.
        for (index, chunk) in ready.enumerated() where chunk.isKey && (index > 0 || readyOffset == 0) {
            again.chunks.append(chunk.bytes)
        }
        ready.removeAll()
        readyOffset = 0
        guard keepingKeys, !again.chunks.isEmpty || again.lost > 0 else { return }
        let later = kept, laterDropped = keptDropped
        kept = []
        keptDropped = 0
        for chunk in again.chunks { keep(chunk) }
        keptDropped += again.lost
        if !later.isEmpty { keep(later) }
        keptDropped += laterDropped
    }

    /// A receipt probe sent when `mark` key bytes had been written was answered.
    mutating func proven(through mark: Int) {
        unproven.proven(through: mark)
    }

    /// The session drew (its program reads now): the kept keys go to the channel, oldest first,
    /// ahead of anything typed later. False when none were waiting.
    mutating func releaseKept() -> Bool {
        guard isAttached, hasKeptKeys else { return false }
        if !kept.isEmpty { enqueue(kept, isKey: true) }
        kept = []
        keptDropped = 0
        return true
    }

    /// `ctrl+] x`: drops the kept keys; returns how many bytes were waiting.
    mutating func discardKept() -> Int {
        defer { kept = []; keptDropped = 0 }
        return kept.count
    }

    /// Writes from the front what `channel` takes (it returns the count, 0 when full), until it
    /// takes nothing more or nothing waits.
    mutating func write(_ channel: (ArraySlice<UInt8>) throws -> Int) rethrows {
        while let first = ready.first {
            let taken = try channel(first.bytes[readyOffset...])
            if taken <= 0 { break }
            let count = min(taken, first.bytes.count - readyOffset)
            if first.isKey { unproven.took(count, of: first.bytes, starts: readyOffset == 0) }
            readyOffset += count
            if readyOffset == first.bytes.count {
                ready.removeFirst()
                readyOffset = 0
            }
        }
    }

    // MARK: Pastes

    /// A paste for this host is being prepared: keys typed from now on wait behind it.
    mutating func holdForPaste() {
        if held == nil { held = [] }
    }

    /// The paste is done: `pasted` (the paste encoded for the host, nil when nothing is pasted)
    /// goes first, then the keys held behind it, as if typed now. Returns how many held bytes
    /// were dropped at the bound.
    mutating func endPaste(_ pasted: [UInt8]?) -> Int {
        guard let keys = held else { return 0 }
        let dropped = heldDropped
        held = nil
        heldDropped = 0
        if let pasted { type(pasted) }
        if !keys.isEmpty { type(keys) }
        return dropped
    }

    /// For the status line: how much waits, and that newer keys were dropped once it was full.
    var statusNote: String? {
        guard hasKeptKeys else { return nil }
        var note = kept.count == 1 ? "1 typed byte waits to be sent" : "\(kept.count) typed bytes wait to be sent"
        if keptDropped > 0 { note += "; full at 4 KiB, \(keptDropped) newer bytes dropped" }
        return note + " (\(PrefixKeyHandler.keys(for: .discardPending)) discards)"
    }

    // MARK: The bound of kept keys

    /// Keeps `key`, or the part of it that fits (see above), unless the bound was reached.
    private mutating func keep(_ key: [UInt8]) {
        guard keptDropped == 0 else {
            keptDropped += key.count
            return
        }
        let part = Self.keptPart(of: key, room: Self.keptLimit - kept.count)
        kept += part
        keptDropped += key.count - part.count
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
}
