/// Where the front view's frames go: a `ConsoleWriter` on the local terminal, or a test's
/// collector. The front view draws only while the sink is not busy, so a slow or stopped terminal
/// gets the newest state once it has caught up, never a queue of stale frames.
public protocol FrameSink: AnyObject {
    /// Whether the last frame is still being written.
    var isBusy: Bool { get }
    /// Takes a whole frame; false (nothing written) while the last one is unfinished.
    @discardableResult func write(frame: [UInt8]) -> Bool
    /// Runs `handler` once the last frame is all written (at once when it is).
    func whenDrained(_ handler: @escaping () -> Void)
    /// Whether a frame was cut short (bytes dropped) since the last call, which clears it: the
    /// terminal then does not show what the renderer believes it does, so the front view's
    /// next frame redraws everything rather than diffing against a screen that never landed.
    func takeCutFrame() -> Bool
    /// Bytes written that the terminal has not taken yet (its output queue, where it can say);
    /// the front view holds the next frame while much of the last one waits there.
    var terminalQueued: Int { get }
    /// Offers the unfinished frame's bytes to the terminal again now. A host's flood is read
    /// for up to a turn's budget between the loop's polls, and a terminal takes a few KiB per
    /// write, so waiting for the writable watch paced a big frame at a few KiB per turn.
    func writeMore()
}

extension FrameSink {
    /// A sink that cannot say has taken everything.
    public var terminalQueued: Int { 0 }
    /// A sink that takes frames whole has nothing left to offer.
    public func writeMore() {}
}

extension ConsoleWriter: FrameSink {}

/// A sink that takes every frame at once and hands it to a closure (tests, benchmarks).
final class ClosureFrameSink: FrameSink {
    private let take: ([UInt8]) -> Void

    init(_ take: @escaping ([UInt8]) -> Void) {
        self.take = take
    }

    var isBusy: Bool { false }

    func write(frame: [UInt8]) -> Bool {
        take(frame)
        return true
    }

    func whenDrained(_ handler: @escaping () -> Void) { handler() }

    func takeCutFrame() -> Bool { false }
}
