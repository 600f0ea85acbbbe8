import LibC
import Loop

/// How `drover pair-host` waits: on the shared `EventLoop`, so SIGINT, SIGTERM and SIGHUP
/// arrive through the same sigaction self-pipe as everywhere else in Drover, and a wait ends
/// early when one of them arrives or the keyboard has input. The run polls the state
/// directory between short waits (the enroll process only writes files there).
final class PairHostWaits {
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let loop: EventLoop
    /// The last watched signal that arrived, nil if none did.
    private(set) var caught: Int32?
    private var arrivals = 0

    init() throws {
        loop = try EventLoop()
        for signal in Self.watched {
            loop.onSignal(signal) { [unowned self] in
                caught = signal
                arrivals += 1
            }
        }
        // The person may close the window the prompt writes to: a write then fails instead
        // of killing the run before it removes the one-time key. `drover` already does this
        // at start; a run embedded elsewhere must not depend on that.
        ignoreBrokenPipeSignal()
    }

    /// Waits up to `seconds`, less if a watched signal arrives meanwhile or `descriptor` (if
    /// any) becomes readable or hangs up. Returns true in the last case.
    func wait(seconds: Double, alsoReadable descriptor: Int32? = nil) throws -> Bool {
        let arrivalsBefore = arrivals
        var elapsed = false
        var readable = false
        let timer = loop.schedule(after: .milliseconds(Int64(max(0, seconds * 1000)))) { elapsed = true }
        let watch = descriptor.map { loop.watch($0, for: .readable) { _ in readable = true } }
        defer {
            loop.cancel(timer)
            if let watch { loop.unwatch(watch) }
        }
        while !elapsed && !readable && arrivals == arrivalsBefore { try loop.runOnce() }
        return readable
    }
}
