import VT
import Render
import Loop
import History

/// The view of the attached session, independent of SSH: it draws the front host's screen
/// (`HostScreen`, fed and answered by that host's link, which tells the front view when it changed;
/// ADR 0022) to the local tty with the owner's overlay (asked per frame), and decodes local
/// input and hands it to the owner (`FrontViewOwner`, ADR 0025), which sends what is the remote's
/// back through `forward`, encoded in the shown emulator's modes.
///
/// Rendering is coalesced: the first change after an idle period is drawn on the loop's next
/// turn, after that turn's reads (so typing echoes at once); while data keeps arriving at most one frame
/// is drawn per `frameInterval`, or per `Configuration.interval(afterFrameOf:)` after a big
/// one; a pass that writes nothing is not a frame. While the remote holds a synchronized
/// update (mode 2026) no frame is drawn, up to `synchronizedUpdateTimeout`. Nor is one while
/// the local terminal has not taken the last (`FrameSink`): it gets the newest state after.
public final class FrontView {
    /// The host screen on display; `show(_:)` switches to another one (another host's).
    public private(set) var screen: HostScreen
    /// The shown screen's emulator.
    public var terminal: Terminal { screen.terminal }
    public let configuration: Configuration
    /// Decides who gets local input, says what the overlay is and serves history mode. Without
    /// one, every event goes to the remote, there is no overlay, and a copy is Drover's OSC 52.
    public weak var owner: FrontViewOwner?
    /// History mode while it is on (prefix `[`): the screen is frozen on this view.
    var history: HistoryView? {
        didSet { requestRender() }
    }
    public var isInHistory: Bool { history != nil }

    let loop: EventLoop
    /// Local input encoded for the front host (its replies go by its link, not here).
    let sendToRemote: ([UInt8]) -> Void
    /// The local terminal (`ConsoleWriter`): nothing is drawn while it is busy.
    private let output: FrameSink
    private let passesToHost: (InputEvent) -> Bool
    /// VT's encoder for the shown emulator: one per view, brought up to the emulator's modes
    /// before each event, so typing allocates no encoder.
    private var encoder = InputEncoder(modes: TerminalModes())
    private var decoder = LocalInputDecoder()

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
    /// When the next frame is drawn.
    private let pacer: FramePacer
    private let escapeTimer: LoopTimer
    /// How long the start of a terminal's answer (`CSI ?`, `CSI >`, `CSI <`) split across reads
    /// waits for its end before it counts as typed keys.
    static let splitAnswerPatience = Duration.milliseconds(500)
    /// The local terminal's keyboard mode, following the front host; what is lost without a
    /// keyboard protocol goes to the owner (`frontView(_:note:)`).
    let keyboardMirror: KeyboardMirror
    var localKeyboard: LocalKeyboard { keyboardMirror.keyboard }
    /// The local terminal's colours and cell size, and its focus and colour-scheme reports,
    /// following the front host.
    let appearanceMirror = AppearanceMirror()
    public var localAppearance: LocalAppearance { appearanceMirror.appearance }

    /// - Parameters:
    ///   - screen: the front host's screen; the front view becomes its viewer.
    ///   - sendToRemote: local input encoded for the remote application.
    ///   - output: where rendered frames go (the local terminal's `ConsoleWriter`).
    ///   - passesToHost: whether an event that is not Drover's goes to the remote now (false drops
    ///     it, e.g. while the front host is still connecting). Accepted events are encoded here
    ///     for the shown emulator's modes.
    public init(loop: EventLoop, screen: HostScreen, configuration: Configuration,
                sendToRemote: @escaping ([UInt8]) -> Void,
                output: FrameSink,
                passesToHost: @escaping (InputEvent) -> Bool = { _ in true }) {
        self.loop = loop
        pacer = FramePacer(loop: loop, configuration: configuration)
        escapeTimer = LoopTimer(on: loop)
        keyboardMirror = KeyboardMirror(loop: loop, probeTimeout: configuration.inputWaits.keyboardProbe)
        self.screen = screen
        self.configuration = configuration
        self.sendToRemote = sendToRemote
        self.output = output
        self.passesToHost = passesToHost
        self.renderer = ScreenRenderer(capabilities: configuration.capabilities)
        renderer.notificationStyle = configuration.notificationStyle
        screen.viewer = self
    }

    /// As `init(…output:…)` with frames handed to `writeLocal` as they are drawn (tests).
    public convenience init(loop: EventLoop, screen: HostScreen, configuration: Configuration,
                            sendToRemote: @escaping ([UInt8]) -> Void,
                            writeLocal: @escaping ([UInt8]) -> Void,
                            passesToHost: @escaping (InputEvent) -> Bool = { _ in true }) {
        self.init(loop: loop, screen: screen, configuration: configuration, sendToRemote: sendToRemote,
                  output: ClosureFrameSink(writeLocal), passesToHost: passesToHost)
    }

    // MARK: The screen
    /// Writes `alert` (bell, clipboard, notification) to the local terminal with the next frame,
    /// which is drawn soon even if the screen did not change.
    public func alert(_ alert: ConsoleAlert) {
        renderer.queue(alert)
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

    /// Displays `screen` instead of the current one (switching hosts): the front view becomes its
    /// viewer (the other is hidden, fed by its own link), the next frame is a full redraw of its
    /// kept screen, and history mode ends. The local input decoder keeps its state: the bytes
    /// still come from the same local terminal.
    public func show(_ screen: HostScreen) {
        if self.screen.viewer === self { self.screen.viewer = nil }
        self.screen = screen
        screen.viewer = self
        history = nil
        pacer.screenChanged()
        redraw()
    }

    // MARK: Local side

    /// Bytes typed, clicked or pasted at the local terminal.
    public func receiveLocal(_ bytes: [UInt8]) {
        handle(decoder.decode(bytes))
        let replies = decoder.takeReplies()
        if keyboardMirror.learn(replies) { requestRender() }
        learnAppearance(replies)
        escapeTimer.cancel()
        if decoder.hasPendingEscape {
            escapeTimer.schedule(after: configuration.inputWaits.escape) { [weak self] in
                guard let self else { return }
                self.handle(self.decoder.flushPendingEscape())
                // The start of a terminal's answer waits longer for its end, then counts as keys.
                guard self.decoder.hasPendingEscape else { return }
                self.escapeTimer.schedule(after: Self.splitAnswerPatience) { [weak self] in
                    guard let self else { return }
                    self.handle(self.decoder.flushPendingEscape(evenAnAnswer: true))
                }
            }
        }
    }

    private func handle(_ events: [InputEvent]) {
        for event in events {
            if let owner { owner.frontView(self, received: event) } else { forward(event) }
        }
    }

    /// Sends `event` to the remote, encoded in the shown emulator's modes, unless the owner's
    /// `passesToHost` refuses it now (the front host is still connecting).
    public func forward(_ event: InputEvent) {
        guard passesToHost(event) else { return }
        let bytes = encodeForRemote(event)
        guard !bytes.isEmpty else { return }
        sendToRemote(bytes)
        pacer.sent(event)
        let now = ContinuousClock.now
        if guesses.typed({ renderer.typed(event, terminal: terminal, predictions: &$0, at: now) }) {
            requestRender()
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
        pacer.cancel()
        guard !output.isBusy else {
            return output.whenDrained { [weak self] in self?.requestRender() }
        }
        // The last frame lost bytes: the terminal does not show what the renderer believes.
        if output.takeCutFrame() {
            renderer.invalidate()
            guesses.reset()
        }
        let now = ContinuousClock.now
        guard pacer.mayDraw(frameComplete: terminal.isFrameComplete, now: now, draw: { [weak self] in self?.renderNow() }),
              pacer.mayDraw(terminalQueued: output.terminalQueued, now: now, draw: { [weak self] in self?.renderNow() })
        else { return }
        let overlay = owner?.overlay(for: self)
        let bytes = takeKeyboardBytes()
            + (history.map { renderer.render(frame: $0.frame(note: owner?.historyNote(for: self)), overlay: overlay) }
               ?? guesses.frame { renderer.render(terminal, overlay: overlay, predictions: &$0, at: now) })
        guard !bytes.isEmpty else { return }   // an empty pass (a key's guess) paces nothing
        output.write(frame: bytes)
        pacer.drew(bytes: bytes.count, at: now)
    }

    /// Asks for a frame, paced like remote output (the overlay is read when it is drawn).
    public func requestRender() {
        pacer.request(frameComplete: terminal.isFrameComplete) { [weak self] in self?.renderNow() }
    }

    // MARK: The local keyboard

    /// Sends the keyboard probe with the next frame; a terminal that never answers is settled
    /// after `Configuration.InputWaits.keyboardProbe` (a frame is then due).
    func startKeyboardProbe() {
        keyboardMirror.startProbe { [weak self] in self?.requestRender() }
        requestRender()
    }

    /// Whether the local terminal should report keys in an extended form now: the front host
    /// asks for more than legacy keys, and neither history mode nor the owner takes the keys.
    var wantsExtendedKeys: Bool {
        guard history == nil, owner?.holdsKeys(for: self) != true else { return false }
        return KeyboardMirror.wantsExtendedKeys(terminal.modes)
    }

    /// The probe and mode changes that go before the next frame; the owner hears the note.
    /// Focus and colour-scheme reports are on while the front host has them on.
    private func takeKeyboardBytes() -> [UInt8] {
        let taken = keyboardMirror.takeBytes(wanted: wantsExtendedKeys,
                                             kittyFlags: Int(terminal.modes.kittyKeyboardFlags.rawValue))
        if let note = taken.note { owner?.frontView(self, note: note) }
        return taken.bytes + appearanceMirror.takeBytes(focus: terminal.modes.focusReporting,
                                                        colorScheme: terminal.modes.colorSchemeReports)
    }

    // MARK: The local terminal's appearance

    /// Replies about colours, cell size and colour scheme: the shown emulator and, through the
    /// owner, every host's answer with them; a scheme change report goes to the front host if it
    /// asked for them (`?2031`), and the colours are asked again.
    private func learnAppearance(_ replies: [LocalTerminalReply]) {
        let learned = appearanceMirror.learn(replies)
        if learned.changed { appearanceChanged() }
        if let dark = learned.schemeReport {
            if terminal.modes.colorSchemeReports { sendToRemote(Array(TerminalColors.schemeReport(dark: dark).utf8)) }
            requestRender()
        }
    }

    /// The cell size from the local window's pixel size, when 16t has not said it.
    func learnWindowPixels(width: Int, height: Int, columns: Int, rows: Int) {
        if appearanceMirror.learnWindowPixels(width: width, height: height, columns: columns, rows: rows) {
            appearanceChanged()
        }
    }

    private func appearanceChanged() {
        localAppearance.apply(to: terminal)
        owner?.frontView(self, learned: localAppearance)
    }
}

extension FrontView: ScreenViewer {
    /// The shown host's link fed its screen: a frame is due (history mode counts the lines).
    public func screen(_ screen: HostScreen, received bytes: UnsafeRawBufferPointer) {
        if history != nil { countNewLines(bytes) }
        output.writeMore()   // a frame still being written goes on between the read's slices
        requestRender()
    }

    /// A whole synchronized update ended inside a read: drawn now if a frame is due, so a
    /// flood of updates still gives whole frames (not only torn ones after the timeout).
    public func screenCompletedUpdate(_ screen: HostScreen) {
        if pacer.isDue() { renderNow() }
    }
}
