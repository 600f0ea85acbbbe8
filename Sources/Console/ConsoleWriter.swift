import LibC
import Loop

/// The local terminal's output queue: frames go to the terminal without ever blocking the loop
/// (on `ConsoleSession.frameOutput`, Drover's own non-blocking description of the terminal;
/// the one the shell shares stays blocking), so a terminal that stops reading (a
/// suspended tmux client, a frozen emulator, a full pty) stops the picture, not the hosts'
/// links, keepalives and answers, which share the one loop thread. (Where the terminal could
/// not be reopened, `frameOutput` is the shared stdout, blocking, and so are these writes.)
///
/// Bounded by one frame: what the terminal does not take at once is kept and written when poll
/// says the descriptor is writable. A frame offered while the last one is unfinished is refused
/// whole; the front view never offers one then: it asks `whenDrained` and draws the newest state
/// once the terminal has caught up, so the terminal never sees two frames interleaved (a torn
/// escape sequence) or a stale one, and a stopped terminal costs one frame of memory.
public final class ConsoleWriter {
    public let descriptor: Int32
    private let loop: EventLoop
    /// The frame being written, and how many of its bytes the terminal has taken.
    private var frame: [UInt8] = []
    private var written = 0
    /// The writable watch, only while bytes wait (an idle watch would wake on every hangup).
    private var watch: EventLoop.WatchToken?
    /// Runs once when the frame is all written.
    private var drained: (() -> Void)?
    /// Set by `finish`: the terminal is being given back, and no frame may follow.
    private var finished = false
    /// Bytes of a frame were dropped (a failed write, a hangup) since `takeCutFrame` last looked.
    private var cut = false

    public init(descriptor: Int32, loop: EventLoop) {
        self.descriptor = descriptor
        self.loop = loop
    }

    /// Whether bytes of the last frame still wait for the terminal.
    public var isBusy: Bool { written < frame.count }

    /// How many bytes wait (for tests and the bound: never more than the last frame).
    public var waitingBytes: Int { frame.count - written }

    /// What the terminal has not taken yet: the bytes waiting here and those in its own output
    /// queue (TIOCOUTQ; 0 on a Linux pseudo-terminal, which passes them on at once).
    public var terminalQueued: Int { waitingBytes + (terminalOutputQueued(descriptor) ?? 0) }

    /// Writes `bytes` as far as the terminal takes them now and keeps the rest. Returns false,
    /// writing nothing, while an earlier frame is unfinished, and after `finish`.
    @discardableResult
    public func write(frame bytes: [UInt8]) -> Bool {
        guard !isBusy, !finished else { return false }
        frame = bytes
        written = 0
        writeWaiting()
        if isBusy {
            watch = loop.watch(descriptor, for: .writable) { [weak self] events in self?.writable(events) }
        } else {
            frame = []
            written = 0
        }
        return true
    }

    /// Runs `handler` once the unfinished frame is all written (at once when none is). A later
    /// call replaces an earlier handler that has not run.
    public func whenDrained(_ handler: @escaping () -> Void) {
        guard isBusy else { return handler() }
        drained = handler
    }

    /// At exit, after the loop has stopped: writes the rest of the unfinished frame, so the
    /// restore sequence that follows does not land inside one of its escape sequences. This
    /// waits, but at most `limit`: a terminal that stays stopped loses the rest of the frame
    /// (the restore sequence starts with CAN, which cancels a cut sequence). Returns whether
    /// the frame was finished. No frame is written after this: the terminal is about to be
    /// given back, and what the run still draws while it shuts down (a banner for an upload
    /// the detach cancelled) would land on the person's screen after the restore.
    @discardableResult
    public func finish(within limit: Duration) -> Bool {
        finished = true
        stopWatching()
        drained = nil
        defer { frame = []; written = 0 }
        guard isBusy else { return true }
        return frame[written...].withUnsafeBytes { ConsoleOutput.writeAll(descriptor, $0, within: limit) }
    }

    /// Whether the last frame lost bytes since the last call (the next must redraw all).
    public func takeCutFrame() -> Bool {
        defer { cut = false }
        return cut
    }

    /// Writes what the terminal takes of the unfinished frame now, between the writable watch's
    /// turns (a long read of a host's flood runs between them); its end runs `whenDrained`'s
    /// handler as the watch would.
    public func writeMore() {
        guard isBusy, !finished else { return }
        writable([])
    }

    private func writable(_ events: EventLoop.Events) {
        writeWaiting()
        if isBusy && !events.isDisjoint(with: [.hangup, .error]) {
            written = frame.count   // the terminal is gone; its input's end ends the run
            cut = true
        }
        guard !isBusy else { return }
        stopWatching()
        frame = []
        written = 0
        let handler = drained
        drained = nil
        handler?()
    }

    /// Writes until the terminal takes no more (EAGAIN) or everything is written. A failed
    /// write (EIO: the terminal hung up) drops the rest, and says so (`takeCutFrame`); reading
    /// its input reports the end.
    private func writeWaiting() {
        while written < frame.count {
            let result = frame.withUnsafeBytes { LibC.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if result > 0 {
                written += result
                continue
            }
            let code = errno
            if result < 0 && code == EINTR { continue }
            if result < 0 && (code == EAGAIN || code == EWOULDBLOCK) { return }
            written = frame.count
            cut = true
        }
    }

    private func stopWatching() {
        if let watch { loop.unwatch(watch) }
        watch = nil
    }
}
