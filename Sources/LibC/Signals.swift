#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain signal handler, as `sigaction.sa_handler` holds it.
public typealias SignalHandler = @convention(c) (Int32) -> Void

extension sigaction {
    /// The plain handler (`sa_handler`). The C libraries keep it in a union whose Swift
    /// spelling differs (`__sigaction_handler`, `__sa_handler`, `__sigaction_u`).
    public var handler: SignalHandler? {
        get {
            #if canImport(Glibc)
            __sigaction_handler.sa_handler
            #elseif canImport(Musl)
            __sa_handler.sa_handler
            #else
            __sigaction_u.__sa_handler
            #endif
        }
        set {
            #if canImport(Glibc)
            __sigaction_handler.sa_handler = newValue
            #elseif canImport(Musl)
            __sa_handler.sa_handler = newValue
            #else
            __sigaction_u.__sa_handler = newValue
            #endif
        }
    }
}

/// Makes a write to a closed pipe or socket fail with EPIPE instead of killing the process.
/// Called once at program start: Drover reports a vanished reader like any other write error,
/// and a run must live long enough to clean up after itself (pair-host's one-time key).
public func ignoreBrokenPipeSignal() {
    var ignore = sigaction()
    ignore.handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    ignore.sa_flags = 0
    sigaction(SIGPIPE, &ignore, nil)
}
