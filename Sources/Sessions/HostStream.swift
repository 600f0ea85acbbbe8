import Console
import VT

/// One host's whole byte path (ADR 0022), in front or hidden: output from its transport feeds
/// its screen, and everything the host is owed (typed keys, pastes, the screen's answers) goes
/// back in order through its outbox. It knows nothing of SSH, sockets or timers: the driver
/// decides when to read and write, and tests drive it through a fake transport.
final class HostStream {
    let screen: HostScreen
    private var outbox = HostOutbox()
    /// The open connection's stream; nil while the host is not attached.
    private var transport: (any HostTransport)?
    /// A terminal size the transport could not send whole yet (another call's packet was half
    /// sent); the newest one goes on the next `flush`.
    private(set) var sizeDue: (columns: Int, rows: Int)?

    /// What one `read` did: the transport's flags, whether the keys kept while away went out
    /// (the session drew), and whether anything was written (libssh2 may then hold output read
    /// from the socket meanwhile: the driver reads again on the next turn).
    struct Read {
        var reachedEOF = false
        var hasMore = false
        var releasedKept = false
        var wrote = false
    }

    init(screen: HostScreen) {
        self.screen = screen
    }

    var takesKeysNow: Bool { outbox.takesKeysNow }
    var hasKeptKeys: Bool { outbox.hasKeptKeys }
    /// True while bytes or a size wait for the transport to take them.
    var waitsForChannel: Bool { outbox.waitsForChannel || sizeDue != nil }
    var statusNote: String? { outbox.statusNote }
    var mayRead: Bool { transport?.mayRead ?? false }
    var receivedEOF: Bool { transport?.receivedEOF ?? false }

    // MARK: The connection

    /// A connection reached the remote command: its stream is this host's now. Keys kept
    /// while away wait for its first output (`read`) or `releaseKept`.
    func open(_ transport: any HostTransport) {
        self.transport = transport
        outbox.attached()
    }

    /// The connection is gone. Lost (`keepingKeys`): the keys it took without proof of receipt
    /// and those it had not taken are kept for the next one (ADR 0031); ended by the host: the
    /// session they were for is over, so they go with it.
    func close(keepingKeys: Bool = true) {
        transport = nil
        sizeDue = nil
        outbox.detached(keepingKeys: keepingKeys)
    }

    /// Key bytes the transport took, ever: what a receipt probe sent now vouches for.
    var keyBytesWritten: Int { outbox.keyBytesWritten }
    /// True while keys the transport took wait for proof that the host received them.
    var hasUnprovenKeys: Bool { outbox.hasUnprovenKeys }

    /// A receipt probe sent when `mark` key bytes had been written was answered.
    func proven(through mark: Int) {
        outbox.proven(through: mark)
    }

    /// Reads what the transport has: each piece is shown to `seen`, then fed to the screen; its
    /// answers go out at once. The first output means the host's program reads now, so keys
    /// kept while away go first. Throws when the transport fails (reading, or an answer).
    func read(limit: Int, seen: (UnsafeRawBufferPointer) -> Void) throws -> Read {
        guard let transport else { return Read() }
        var result = Read()
        let flags = try transport.readAvailable(limit: limit) { bytes, _ in
            if outbox.releaseKept() { result.releasedKept = true }
            seen(bytes)
            let replies = screen.feed(bytes)
            if !replies.isEmpty { outbox.reply(replies) }
            if outbox.waitsForChannel { try flush(); result.wrote = true }
            return true
        }
        result.reachedEOF = flags.reachedEOF
        result.hasMore = flags.hasMore
        return result
    }

    /// Writes what the transport takes of the outbox now, then a size still due.
    func flush() throws {
        guard let transport else { return }
        try outbox.write { try transport.write($0) }
        sendSize()
    }

    /// The host's terminal takes this size: sent now, or on a later `flush` (the newest size)
    /// while the transport cannot take it whole. Nothing without a link (the next connection
    /// asks for the screen's size when it opens its terminal).
    func resize(columns: Int, rows: Int) {
        guard transport != nil else { return }
        sizeDue = (columns, rows)
        sendSize()
    }

    /// A size that failed to send is given up (the link is failing; its read or write says so).
    private func sendSize() {
        guard let transport, let size = sizeDue else { return }
        if (try? transport.resize(columns: size.columns, rows: size.rows)) ?? true { sizeDue = nil }
    }

    // MARK: Keys and pastes

    /// A key (or a paste) typed for this host (`HostOutbox.type`); the caller flushes.
    func type(_ bytes: [UInt8]) -> HostOutbox.Route {
        outbox.type(bytes)
    }

    /// The keys kept while away go now (the session stayed quiet); false when none waited.
    func releaseKept() -> Bool {
        outbox.releaseKept()
    }

    /// `ctrl+] x`: drops the kept keys; how many bytes waited.
    func discardKept() -> Int {
        outbox.discardKept()
    }

    /// A paste for this host is being prepared: keys typed from now on wait behind it.
    func holdForPaste() {
        outbox.holdForPaste()
    }

    /// The paste is done: `text` (nil: nothing pasted) as a paste in the screen's modes
    /// (bracketed when the host's program asked), then the held keys; the caller flushes.
    /// Returns how many held bytes were dropped at the bound.
    func endPaste(_ text: String?) -> Int {
        outbox.endPaste(text.map { InputEncoder(modes: screen.terminal.modes).encode(.paste($0)) })
    }
}
