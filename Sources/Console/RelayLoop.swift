import VT
import Render
import Loop
import History

/// The view of the attached session, independent of SSH: it draws the front host's screen
/// (`HostScreen`, fed and answered by that host's link, which tells the relay when it changed)
/// to the local tty, and decodes local input, checks it for Drover's prefix keys and encodes it
/// for the remote (ADR 0022).
///
/// Rendering is coalesced: the first change after an idle period is drawn at the end of the
/// current loop round (so typing echoes at once); while data keeps arriving at most one frame
/// is drawn per `frameInterval`, or per `Configuration.interval(afterFrameOf:)` after a big
/// one; a pass that writes nothing is not a frame. While the remote holds a synchronized
/// update (mode 2026) no frame is drawn, up to `synchronizedUpdateTimeout`. Nor is one while
/// the local terminal has not taken the last (`FrameSink`): it gets the newest state after.
public final class RelayLoop {
    /// The host screen on display; `show(_:)` switches to another one (another host's).
    public private(set) var screen: HostScreen
    /// The shown screen's emulator.
    public var terminal: Terminal { screen.terminal }
    public let configuration: Configuration
    /// Drover commands from the prefix key that the owner carries out (detach, host switching).
    /// Help is handled here; redraw is done here and then passed on (the owner may reconnect).
    public var onCommand: (PrefixKeyHandler.Command) -> Void = { _ in }
    /// When set, sees every local event first; returning true consumes it (a trust prompt).
    public var inputInterceptor: ((InputEvent) -> Bool)?
    /// Drover's overlay over the remote screen; setting it redraws at once.
    public var overlay: Overlay? {
        didSet { requestRender() }
    }

    /// The front host's past screens (oldest first) for history mode's rewind.
    public var rewind: () -> [SnapshotStore.Snapshot] = { [] }
    /// A short note for history mode's status line (the rewind's size).
    public var historyNote: () -> String? = { nil }
    /// Puts text on the local clipboard; returns what the status line says. The default
    /// queues Drover's own OSC 52 for the local terminal after the next frame.
    public lazy var copyToClipboard: (String) -> String = { [unowned self] text in
        signal(.clipboard(Array(text.utf8)))
        return "copied to the clipboard"
    }
    /// History mode while it is on (prefix `[`): the screen is frozen on this view.
    var history: HistoryView? {
        didSet { requestRender() }
    }
    public var isInHistory: Bool { history != nil }
    /// Whether the relay itself wants the next local event: history mode, the help box, or a
    /// pressed prefix key. An interceptor must then let events through (a paste in history
    /// mode's search prompt belongs to the prompt, never to the remote).
    public var ownsLocalInput: Bool { history != nil || helpShown || prefix.awaitingCommand }

    let loop: EventLoop
    /// Local input encoded for the front host (its replies go by its link, not here).
    let sendToRemote: ([UInt8]) -> Void
    /// The local terminal (`ConsoleWriter`): nothing is drawn while it is busy.
    private let output: FrameSink
    private let forwards: (InputEvent) -> Bool
    /// VT's encoder for the shown emulator: one per relay, brought up to the emulator's modes
    /// before each event, so typing allocates no encoder.
    private var encoder = InputEncoder(modes: TerminalModes())
    private var decoder = LocalInputDecoder()
    private var prefix = PrefixKeyHandler()
    /// The key help box (prefix `?`), shown over the owner's overlay until the next key.
    private var helpOverlay: Overlay? {
        didSet { requestRender() }
    }
    private var helpShown: Bool { helpOverlay != nil }

    /// Keeps the last remote frame and what the local terminal shows, and the output buffer.
    var renderer: ScreenRenderer
    /// The shown host's echo prediction (`--predict`); guesses are dropped when it changes.
    public var predictor: EchoPredictor {
        get { guesses.predictor }
        set { guesses.show(newValue) }
    }
    /// Its guesses over the host's screen; the timer withdraws them through the renderer.
    private lazy var guesses = EchoGuesses(loop: loop) { [unowned self] engine in
        if renderer.expire(terminal: terminal, predictions: &engine, at: .now) { requestRender() }
    }
    var lastRender: ContinuousClock.Instant?
    var nextFrameAfter: Duration = .zero   // after `lastRender` (longer after a big frame)
    private var renderTimer: EventLoop.TimerToken?
    private var renderDeadline: ContinuousClock.Instant?
    private var incompleteSince: ContinuousClock.Instant?
    private var escapeTimer: EventLoop.TimerToken?

    /// - Parameters:
    ///   - screen: the front host's screen; the relay becomes its viewer.
    ///   - sendToRemote: local input encoded for the remote application.
    ///   - output: where rendered frames go (the local terminal's `ConsoleWriter`).
    ///   - forwards: whether an event that is not Drover's goes to the remote now (false drops
    ///     it, e.g. while the front host is still connecting). Accepted events are encoded here
    ///     for the shown emulator's modes.
    public init(loop: EventLoop, screen: HostScreen, configuration: Configuration,
                sendToRemote: @escaping ([UInt8]) -> Void,
                output: FrameSink,
                forwards: @escaping (InputEvent) -> Bool = { _ in true }) {
        self.loop = loop
        self.screen = screen
        self.configuration = configuration
        self.sendToRemote = sendToRemote
        self.output = output
        self.forwards = forwards
        self.renderer = ScreenRenderer(capabilities: configuration.capabilities)
        renderer.notificationStyle = configuration.notificationStyle
        screen.viewer = self
    }

    /// As `init(…output:…)` with frames handed to `writeLocal` as they are drawn (tests).
    public convenience init(loop: EventLoop, screen: HostScreen, configuration: Configuration,
                            sendToRemote: @escaping ([UInt8]) -> Void,
                            writeLocal: @escaping ([UInt8]) -> Void,
                            forwards: @escaping (InputEvent) -> Bool = { _ in true }) {
        self.init(loop: loop, screen: screen, configuration: configuration, sendToRemote: sendToRemote,
                  output: ClosureFrameSink(writeLocal), forwards: forwards)
    }

    // MARK: The screen
    /// Writes `signal` (bell, clipboard, notification) to the local terminal with the next frame,
    /// which is drawn soon even if the screen did not change.
    public func signal(_ signal: ConsoleSignal) {
        renderer.queue(signal)
        requestRender()
    }

    /// The local terminal changed size: the emulator follows and the next frame is a full redraw.
    public func resize(columns: Int, rows: Int) {
        guard columns > 0, rows > 0 else { return }
        history = nil
        terminal.resize(columns: columns, rows: rows)
        redraw()
    }

    /// Draws everything again on the next frame (prefix `r`, or after the screen was disturbed).
    public func redraw() {
        renderer.invalidate()
        guesses.reset()
        requestRender()
    }

    /// Displays `screen` instead of the current one (switching hosts): the relay becomes its
    /// viewer (the other is hidden, fed by its own link), the next frame is a full redraw of its
    /// kept screen, and a pending prefix or open help box is dropped so no half-typed Drover key
    /// carries over. The local input decoder keeps its state: the bytes still come from the same
    /// local terminal.
    public func show(_ screen: HostScreen) {
        if self.screen.viewer === self { self.screen.viewer = nil }
        self.screen = screen
        screen.viewer = self
        prefix = PrefixKeyHandler(prefix: prefix.prefix)
        helpOverlay = nil
        history = nil
        incompleteSince = nil
        redraw()
    }

    // MARK: Local side

    /// Bytes typed, clicked or pasted at the local terminal.
    public func receiveLocal(_ bytes: [UInt8]) {
        handle(decoder.decode(bytes))
        if let escapeTimer {
            loop.cancel(escapeTimer)
            self.escapeTimer = nil
        }
        if decoder.hasPendingEscape {
            escapeTimer = loop.schedule(after: configuration.escapeTimeout) { [weak self] in
                guard let self else { return }
                self.escapeTimer = nil
                self.handle(self.decoder.flushPendingEscape())
            }
        }
    }

    private func handle(_ events: [InputEvent]) {
        for event in events {
            if let inputInterceptor, inputInterceptor(event) { continue }
            for action in prefix.handle(event) {
                switch action {
                case .forward(let event):
                    if helpShown, case .mouse = event {
                        continue
                    } else if helpShown {
                        helpOverlay = nil
                        continue
                    }
                    if history != nil {
                        handleHistory(event)
                        continue
                    }
                    guard forwards(event) else { continue }
                    let bytes = encodeForRemote(event)
                    guard !bytes.isEmpty else { continue }
                    sendToRemote(bytes)
                    let now = ContinuousClock.now
                    if guesses.typed({ renderer.typed(event, terminal: terminal, predictions: &$0, at: now) }) {
                        requestRender()
                    }
                case .command(.redraw):
                    redraw()
                    onCommand(.redraw)
                case .command(.help):
                    helpOverlay = .box(title: "drover keys", lines: PrefixKeyHandler.helpLines
                                       + ["", "In history mode (\(PrefixKeyHandler.keys(for: .history))):"]
                                       + HistoryView.helpLines + ["", "any key closes this"])
                case .command(.history):
                    enterHistory()
                case .command(let command):
                    onCommand(command)
                }
            }
        }
    }

    /// `event` as the shown emulator's remote program asked for it (cursor and keypad modes,
    /// mouse tracking and encoding, bracketed paste, focus reports).
    private func encodeForRemote(_ event: InputEvent) -> [UInt8] {
        encoder.modes = terminal.modes
        let cell = terminal.cellPixelSize
        encoder.cellPixelWidth = max(1, cell.width)
        encoder.cellPixelHeight = max(1, cell.height)
        return encoder.encode(event)
    }

    // MARK: Rendering

    /// Draws the current frame now if the remote is not inside a synchronized update and the
    /// local terminal has taken the last frame; else once it has (the newest state then).
    public func renderNow() {
        if let renderTimer { loop.cancel(renderTimer) }
        renderTimer = nil
        renderDeadline = nil
        guard !output.isBusy else {
            return output.whenDrained { [weak self] in self?.requestRender() }
        }
        let now = ContinuousClock.now
        if !terminal.isFrameComplete {
            let since = incompleteSince ?? now
            incompleteSince = since
            if now < since.advanced(by: configuration.synchronizedUpdateTimeout) {
                schedule(at: since.advanced(by: configuration.synchronizedUpdateTimeout))
                return
            }
        } else {
            incompleteSince = nil
        }
        let bytes = history.map { renderer.render(frame: $0.frame(note: historyNote()), overlay: helpOverlay) }
            ?? guesses.frame { renderer.render(terminal, overlay: helpOverlay ?? overlay, predictions: &$0, at: now) }
        guard !bytes.isEmpty else { return }   // an empty pass (a key's guess) paces nothing
        output.write(frame: bytes)
        lastRender = now
        nextFrameAfter = configuration.interval(afterFrameOf: bytes.count)
    }

    func requestRender() {
        let now = ContinuousClock.now
        var deadline = lastRender.map { max($0.advanced(by: nextFrameAfter), now) } ?? now
        if terminal.isFrameComplete {
            incompleteSince = nil
        } else {
            let since = incompleteSince ?? now
            incompleteSince = since
            deadline = max(deadline, since.advanced(by: configuration.synchronizedUpdateTimeout))
        }
        if let renderDeadline, renderDeadline <= deadline { return }
        schedule(at: deadline)
    }

    private func schedule(at deadline: ContinuousClock.Instant) {
        if let renderTimer { loop.cancel(renderTimer) }
        renderDeadline = deadline
        renderTimer = loop.schedule(at: deadline) { [weak self] in
            guard let self else { return }
            self.renderTimer = nil
            self.renderDeadline = nil
            self.renderNow()
        }
    }
}

extension RelayLoop: ScreenViewer {
    /// The shown host's link fed its screen: a frame is due (history mode counts the lines).
    public func screen(_ screen: HostScreen, received bytes: UnsafeRawBufferPointer) {
        if history != nil { countNewLines(bytes) }
        requestRender()
    }

    /// A whole synchronized update ended inside a read: drawn now if a frame is due, so a
    /// flood of updates still gives whole frames (not only torn ones after the timeout).
    public func screenCompletedUpdate(_ screen: HostScreen) {
        let now = ContinuousClock.now
        if lastRender.map({ now >= $0.advanced(by: nextFrameAfter) }) ?? true { renderNow() }
    }
}
