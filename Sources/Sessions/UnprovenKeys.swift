/// Typed bytes the channel took that the host has not yet been shown to have received
/// (ADR 0031). A write into a connection only puts bytes into the local kernel; if the link is
/// dead by then they never arrive, and nothing says so. So each chunk of keys or paste written
/// is kept here, with its place in the count of key bytes written, until a receipt probe sent
/// after it is answered (`proven(through:)`); on a link declared dead the rest goes back to the
/// host's kept keys, ahead of them, to be sent once after the reconnect.
///
/// Bounded like kept keys: past `HostOutbox.keptLimit` bytes newer chunks are only counted (a
/// link that dies then loses them, and the status line says how many), so what is sent again
/// is always a prefix of what was typed.
struct UnprovenKeys {
    /// Chunks in the order they were written, each with the count of key bytes written before it.
    private var chunks: [(start: Int, bytes: [UInt8])] = []
    private var keptBytes = 0
    /// Bytes of chunks written after the bound was reached (not kept).
    private(set) var overflow = 0
    /// Key bytes the channel took on this host, ever: the mark a probe vouches for.
    private(set) var written = 0

    /// True while any written key byte waits for its proof.
    var isEmpty: Bool { chunks.isEmpty && overflow == 0 }

    /// The channel took `count` bytes of `chunk`, whose first byte it took now when `starts`.
    /// A chunk is kept whole from its first byte on: a chunk cut by the link is sent again whole.
    mutating func took(_ count: Int, of chunk: [UInt8], starts: Bool) {
        if starts {
            if overflow == 0, keptBytes + chunk.count <= HostOutbox.keptLimit {
                chunks.append((written, chunk))
                keptBytes += chunk.count
            } else {
                overflow += chunk.count
            }
        }
        written += count
    }

    /// A probe sent when `mark` key bytes had been written was answered: every chunk written
    /// whole before it is proven. One the probe cut through stays (its end was not proven).
    mutating func proven(through mark: Int) {
        while let first = chunks.first, first.start + first.bytes.count <= mark {
            keptBytes -= first.bytes.count
            chunks.removeFirst()
        }
        if chunks.isEmpty, mark >= written { overflow = 0 }
    }

    /// The link is gone: the chunks to send again, oldest first, and how many bytes past the
    /// bound were lost. Empties the record.
    mutating func takeAll() -> (chunks: [[UInt8]], lost: Int) {
        defer { chunks = []; keptBytes = 0; overflow = 0 }
        return (chunks.map(\.bytes), overflow)
    }
}
