import LibC

/// Hands messages from other threads to an `EventLoop`'s thread: `post` may be called from any
/// thread; the loop wakes (through a pipe it watches) and gives each message, in posting order,
/// to the handler registered with `EventLoop.mailbox(handler:)`, on the loop's thread.
///
/// Messages are values (`Sendable`); whatever they carry belongs to the loop once delivered.
/// After `close()` a post is refused (returns false), so a sender can tell that nobody will
/// read its message and keep (or clean up) what it would have handed over.
public final class Mailbox<Message: Sendable>: @unchecked Sendable {
    // @unchecked: `queue` and `closed` are only touched with `mutex` held; the descriptors are
    // set once in init and closed in deinit, when no thread can hold a reference any more.
    private let mutex = Lock()
    private var queue: [Message] = []
    private var closed = false
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws {
        (readEnd, writeEnd) = try nonBlockingPipe()
    }

    deinit {
        closeDescriptor(readEnd)
        closeDescriptor(writeEnd)
    }

    /// Queues `message` for the loop and wakes it. Returns false (and queues nothing) once the
    /// mailbox is closed.
    @discardableResult
    public func post(_ message: Message) -> Bool {
        let accepted = locked { () -> Bool in
            guard !closed else { return false }
            queue.append(message)
            return true
        }
        guard accepted else { return false }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)  // a full pipe already means "wake up"
        return true
    }

    /// Refuses later posts and returns the messages nobody has taken yet, so the owner can
    /// release their senders (answer their questions).
    public func close() -> [Message] {
        locked {
            closed = true
            defer { queue.removeAll() }
            return queue
        }
    }

    /// Takes the queued messages (on the loop's thread, after a wake-up).
    func take() -> [Message] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        return locked {
            defer { queue.removeAll() }
            return queue
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        mutex.withLock(body)
    }
}

private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}

extension EventLoop {
    /// A mailbox whose messages `handler` receives on this loop's thread.
    public func mailbox<Message: Sendable>(handler: @escaping (Message) -> Void) throws -> Mailbox<Message> {
        let mailbox = try Mailbox<Message>()
        watch(mailbox.readEnd, for: .readable) { _ in
            for message in mailbox.take() { handler(message) }
        }
        return mailbox
    }
}
