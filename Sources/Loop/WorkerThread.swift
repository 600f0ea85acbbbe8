import LibC

/// A detached thread for work that blocks (a name lookup, a child process, a clipboard tool),
/// started with pthreads: what `Thread.detachNewThread` did, without linking Foundation
/// (ADR 0033). The body owns whatever it captures; results go back through a `Mailbox`.
public enum WorkerThread {
    /// Starts `body` on a new detached thread. A thread that cannot be made (the process is out
    /// of threads) runs `body` on the caller's, so the work still happens and answers.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        if !startDetachedThread(body) { body() }
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
