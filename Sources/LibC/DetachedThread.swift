#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts `body` on a new detached pthread; false (and `body` not run) when none can be made.
/// `pthread_t` and the start routine's argument differ between the platforms, which is why
/// this lives here (Loop's `WorkerThread` is the one caller).
public func startDetachedThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    #if canImport(Darwin)
    var thread: pthread_t? = nil
    let rc = pthread_create(&thread, &attributes, { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
        return nil
    }, box)
    #else
    var thread = pthread_t()
    let rc = pthread_create(&thread, &attributes, { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
    }, box)
    #endif
    if rc != 0 { Unmanaged<ThreadBody>.fromOpaque(box).release() }
    return rc == 0
}

/// The closure, boxed to cross pthread_create's `void *`.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
