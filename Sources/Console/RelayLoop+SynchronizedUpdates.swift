import LibC

/// Whole frames out of a flood of synchronized updates (mode 2026, as herdr and most TUIs
/// draw). A read rarely ends exactly between two updates, so after most reads the emulator is
/// inside the next one and nothing may be drawn; frames then came only when an update ran past
/// `synchronizedUpdateTimeout` (about 7 a second, and torn). Feeding such a read in two parts,
/// up to the end of the last update it closes and then the rest, lets the whole frame at that
/// point be drawn when one is due. The parser takes bytes in any split, so nothing else changes.
extension RelayLoop {
    /// Feeds `bytes` to the emulator; once the remote has used synchronized output, draws the
    /// last whole update in them first when a frame is due and the rest opens another update.
    func feedDrawingWholeUpdates(_ bytes: UnsafeRawBufferPointer) {
        guard usesSynchronizedOutput, let end = Self.lastUpdateEnd(in: bytes), end < bytes.count else {
            terminal.feed(bytes)
            if !terminal.isFrameComplete { usesSynchronizedOutput = true }
            return
        }
        terminal.feed(UnsafeRawBufferPointer(rebasing: bytes[..<end]))
        let now = ContinuousClock.now
        if terminal.isFrameComplete, lastRender.map({ now >= $0.advanced(by: nextFrameAfter) }) ?? true {
            let replies = terminal.takeReplies()   // answers keep their order with the rest's
            if !replies.isEmpty { sendToRemote(replies) }
            renderNow()
        }
        terminal.feed(UnsafeRawBufferPointer(rebasing: bytes[end...]))
    }

    /// What follows the `?` of `CSI ? 2026 l`; built once, not per read.
    private static let updateEndTail: [UInt8] = Array("2026l".utf8)

    /// The index just past the last `CSI ? 2026 l` in `bytes`, if any: memchr finds each `?`
    /// (a few per frame of TUI output), and only there are the neighbours compared.
    static func lastUpdateEnd(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, bytes.count >= 8 else { return nil }
        let tail = updateEndTail
        var found: Int?
        var from = 2
        while from < bytes.count, let hit = memchr(base + from, 0x3F, bytes.count - from) {
            let q = base.distance(to: UnsafeRawPointer(hit))
            if bytes[q - 2] == 0x1B, bytes[q - 1] == 0x5B, q + 5 < bytes.count,
               (0..<5).allSatisfy({ bytes[q + 1 + $0] == tail[$0] }) {
                found = q + 6
            }
            from = q + 1
        }
        return found
    }
}
