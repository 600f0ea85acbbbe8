import LibC

/// A detached thread for work that blocks (a name lookup, a child process, a clipboard tool),
/// started with pthreads: what `Thread.detachNewThread` did, without linking Foundation
/// (ADR 0033). The body owns whatever it captures; results go back through a `Mailbox`.
public enum WorkerThread {
    /// How work is put on a thread of its own; tests hand in one that refuses.
    public typealias Start = (@escaping @Sendable () -> Void) throws -> Void

    /// No thread could be made (the process or the system is out of threads or memory).
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        public init() {}
        public var description: String {
            "the system refused Drover a new thread; close programs you do not need and try again"
        }
    }

    /// Starts `body` on a new detached thread. When none can be made it throws and `body` never
    /// runs: running it on the caller's thread instead would stall an event loop behind a name
    /// lookup or a connect, so each caller answers with the failure instead.
    public static func start(_ body: @escaping @Sendable () -> Void) throws {
        guard startDetachedThread(body) else { throw Unavailable() }
    }
}

/// A mutual-exclusion lock (pthread mutex) for the little state threads share: what `NSLock`
/// was, without Foundation.
public final class Lock: @unchecked Sendable {
    // @unchecked: the mutex is what makes it safe; it is allocated once and never moves.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// `body`'s result, with the lock held while it runs.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
}
