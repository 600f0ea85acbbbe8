import LibC

/// A detached thread for work that blocks (a name lookup, a child process, a clipboard tool),
/// started with pthreads: what `Thread.detachNewThread` did, without linking Foundation
/// (ADR 0033). The body owns whatever it captures; results go back through a `Mailbox`.
public enum WorkerThread {
    /// Starts `body` on a new detached thread. A thread that cannot be made (the process is out
    /// of threads) runs `body` on the caller's, so the work still happens and answers.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
        var thread: pthread_t? = nil
        #else
        var thread = pthread_t()
        #endif
        let rc = pthread_create(&thread, &attributes, { raw in
            #if canImport(Darwin)
            let body = Unmanaged<Body>.fromOpaque(raw).takeRetainedValue()
            #else
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            #endif
            body.run()
            return nil
        }, box)
        if rc != 0 { Unmanaged<Body>.fromOpaque(box).takeRetainedValue().run() }
    }

    /// The closure, boxed to cross pthread_create's `void *`.
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
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
