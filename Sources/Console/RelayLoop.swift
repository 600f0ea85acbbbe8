import VT
import Render
import Loop
import History

/// The attached session's glue, independent of SSH: remote output goes into a `Terminal`,
/// the terminal is rendered to the local tty, local input is decoded, checked for Drover's
/// prefix keys and encoded for the remote.
///
/// Rendering is coalesced: the first change after an idle period is drawn on the loop's next
/// turn, after that turn's reads (so typing echoes at once); while data keeps arriving at most one frame
/// is drawn per `frameInterval`, or per `Configuration.interval(afterFrameOf:)` after a big
/// one; a pass that writes nothing is not a frame. While the remote holds a synchronized
/// update (mode 2026) no frame is drawn, up to `synchronizedUpdateTimeout`. Nor is one while
/// the local terminal has not taken the last (`FrameSink`): it gets the newest state after.
public final class RelayLoop {
    /// The emulator on display; `show(_:)` switches to another one (another host's screen).
    public private(set) var terminal: Terminal
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
    public var predictor = EchoPredictor(mode: .never) {
        didSet { predictor.engine.reset() }
    }
    let expiryTimer: LoopTimer
    var lastRender: ContinuousClock.Instant?
    var nextFrameAfter: Duration = .zero   // after `lastRender` (longer after a big frame)
    var usesSynchronizedOutput = false   // the remote draws in mode 2026 (+SynchronizedUpdates)
    private let renderTimer: LoopTimer
    private var renderDeadline: ContinuousClock.Instant?
    private var incompleteSince: ContinuousClock.Instant?
    private let escapeTimer: LoopTimer

    /// - Parameters:
    ///   - sendToRemote: bytes for the remote application (input and terminal replies).
    ///   - output: where rendered frames go (the local terminal's `ConsoleWriter`).
    ///   - forwards: whether an event that is not Drover's goes to the remote now (false drops
    ///     it, e.g. while the front host is still connecting). Accepted events are encoded here
    ///     for the shown emulator's modes.
    public init(loop: EventLoop, terminal: Terminal, configuration: Configuration,
                sendToRemote: @escaping ([UInt8]) -> Void,
                output: FrameSink,
                forwards: @escaping (InputEvent) -> Bool = { _ in true }) {
        self.loop = loop
        expiryTimer = LoopTimer(on: loop)
        renderTimer = LoopTimer(on: loop)
        escapeTimer = LoopTimer(on: loop)
        self.terminal = terminal
        self.configuration = configuration
        self.sendToRemote = sendToRemote
        self.output = output
        self.forwards = forwards
        self.renderer = ScreenRenderer(capabilities: configuration.capabilities)
        renderer.notificationStyle = configuration.notificationStyle
    }

    /// As `init(…output:…)` with frames handed to `writeLocal` as they are drawn (tests).
    public convenience init(loop: EventLoop, terminal: Terminal, configuration: Configuration,
                            sendToRemote: @escaping ([UInt8]) -> Void,
                            writeLocal: @escaping ([UInt8]) -> Void,
                            forwards: @escaping (InputEvent) -> Bool = { _ in true }) {
        self.init(loop: loop, terminal: terminal, configuration: configuration, sendToRemote: sendToRemote,
                  output: ClosureFrameSink(writeLocal), forwards: forwards)
    }

    // MARK: Remote side
    /// Output from the remote: fed to the emulator; its replies go straight back.
    public func receiveRemote(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { receiveRemote($0) }
    }

    /// As `receiveRemote(_:)` for bytes still in the reader's buffer (fed without copying).
    public func receiveRemote(_ bytes: UnsafeRawBufferPointer) {
        if history != nil { countNewLines(bytes) }
        feedDrawingWholeUpdates(bytes)
        let replies = terminal.takeReplies()
        if !replies.isEmpty { sendToRemote(replies) }
        requestRender()
    }

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
        predictor.engine.reset()
        requestRender()
    }

    /// Displays `terminal` instead of the current one (switching hosts): the next frame is a
    /// full redraw of its kept screen, and a pending prefix or open help box is dropped so no
    /// half-typed Drover key carries over. The local input decoder keeps its state: the bytes
    /// still come from the same local terminal.
    public func show(_ terminal: Terminal) {
        self.terminal = terminal
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
        escapeTimer.cancel()
        if decoder.hasPendingEscape {
            escapeTimer.schedule(after: configuration.escapeTimeout) { [weak self] in
                guard let self else { return }
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
                        hideHelp()
                        continue
                    }
                    if history != nil {
                        handleHistory(event)
                        continue
                    }
                    guard forwards(event) else { continue }
                    let bytes = encodeForRemote(event)
                    if !bytes.isEmpty {
                        sendToRemote(bytes)
                        predict(event)
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

    /// A paste Drover composed (a pasted picture's remote path), encoded like a typed paste
    /// in the shown emulator's modes (bracketed when the remote asked for it).
    public func sendPaste(_ text: String) {
        let event = InputEvent.paste(text)
        guard forwards(event) else { return }
        let bytes = encodeForRemote(event)
        if !bytes.isEmpty { sendToRemote(bytes) }
    }

    private func hideHelp() {
        helpOverlay = nil
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
        renderTimer.cancel()
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
            ?? renderFrame(overlay: helpOverlay ?? overlay, at: now)
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
        renderDeadline = deadline
        renderTimer.schedule(at: deadline) { [weak self] in
            guard let self else { return }
            self.renderDeadline = nil
            self.renderNow()
        }
    }
}
