#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety
import Loop
import Dispatch
import LibC

/// The end of a ProxyCommand's stderr, read on a thread of its own so the command never blocks
/// on a full pipe: the last `limit` bytes are kept, the rest dropped. Once followed, the lines
/// that complete later are handed on (the status line shows them), coalesced: while one batch
/// waits to be taken, newer lines join it instead of waking again, so a chatty command
/// (`ssh -v -W`) costs one message in the loop's mailbox at a time, holding its latest lines.
final class ProxyCommandErrors: @unchecked Sendable {
    // @unchecked: `tail`, `wake`, `unreported` and `pending` are only touched with `lock` held
    // (the reader thread appends, the owner and the taker read); `wake` is called outside it.
    /// Told that lines wait; its argument takes them ("" once taken). Any thread may call it.
    typealias Wake = @Sendable (_ take: @escaping @Sendable () -> String) -> Void
    private static let limit = 2048
    private let lock = Lock()
    private let done = DispatchSemaphore(value: 0)
    private var tail: [UInt8] = []
    private var wake: Wake?
    /// What came since `follow` and is not a complete line yet.
    private var unreported: [UInt8] = []
    /// Complete lines that woke `wake` and were not taken yet (nil: none wait).
    private var pending: [UInt8]?

    /// Starts the reader of `fd` (closed when it ends); `afterRead` runs after each chunk is
    /// taken in (tests wait on it). Throws, leaving `fd` open, when no thread can be made.
    init(reading fd: Int32, afterRead: (@Sendable () -> Void)? = nil) throws {
        try WorkerThread.start { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                let wake = lock.withLock { () -> Wake? in
                    tail += buffer[0..<count]
                    if tail.count > Self.limit { tail.removeFirst(tail.count - Self.limit) }
                    return takeCompleteLines(buffer[0..<count]) ? self.wake : nil
                }
                wake?({ [self] in take() })
                afterRead?()
            }
            close(fd)
            done.signal()
        }
    }

    /// Its last lines once the command's group is gone (all writers closed); what arrived so
    /// far if a writer that left the group still holds the pipe after 2 s.
    func finish() -> String {
        _ = done.wait(timeout: .now() + 2)
        return lines()
    }

    /// The complete lines said so far; later ones go to `wake`. In one lock, so every byte is
    /// either in this answer or in a later batch, never both: a line half-written now is left
    /// out here and handed on whole once it ends.
    func follow(_ wake: @escaping Wake) -> String {
        lock.withLock {
            self.wake = wake
            let end = tail.lastIndex(where: Self.isLineEnd).map { $0 + 1 } ?? 0
            unreported = Array(tail[end...])
            return Self.summary(tail[..<end])
        }
    }

    /// Adds `chunk` to what is unreported and moves its complete lines to `pending`; true when
    /// that makes lines wait where none did (the caller wakes then). Called with `lock` held.
    private func takeCompleteLines(_ chunk: ArraySlice<UInt8>) -> Bool {
        guard wake != nil else { return false }
        unreported += chunk
        guard let end = unreported.lastIndex(where: Self.isLineEnd) else {
            if unreported.count > Self.limit { unreported.removeFirst(unreported.count - Self.limit) }
            return false
        }
        let wasIdle = pending == nil
        var waiting = (pending ?? []) + unreported[...end]
        if waiting.count > Self.limit { waiting.removeFirst(waiting.count - Self.limit) }
        pending = waiting
        unreported.removeFirst(end + 1)
        return wasIdle
    }

    /// The lines waiting since the last take, summed up ("" when none); the next complete line wakes again.
    func take() -> String {
        Self.summary(lock.withLock { () -> [UInt8] in
            defer { pending = nil }
            return pending ?? []
        })
    }

    /// The last lines read so far, joined with "; ", at most 300 characters.
    func lines() -> String {
        Self.summary(lock.withLock { tail })
    }

    private static func isLineEnd(_ byte: UInt8) -> Bool { byte == 0x0a || byte == 0x0d }

    /// The last three non-empty lines of `bytes`, joined with "; ", at most 300 characters.
    private static func summary(_ bytes: some Collection<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }
            .filter { !$0.isEmpty }.suffix(3)
        let joined = lines.joined(separator: "; ")
        return joined.count > 300 ? "..." + String(joined.suffix(297)) : joined
    }
}
