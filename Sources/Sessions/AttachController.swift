import Console
import Files
import Foundation
import Render
import SSH
import VT

/// `drover attach`: one host's herdr session in the local terminal.
///
/// Everything runs on one thread around Console's `EventLoop`: the local tty, the SSH socket,
/// signals and timers. Remote bytes only reach the emulator; the local terminal only receives
/// frames the renderer draws. The emulator outlives connections: when the link drops, Drover
/// says so, reconnects with backoff (`HostSession`) and redraws the kept screen meanwhile.
public final class AttachController {
    /// How `run()` ended: the exit code and a message for stderr after the terminal is restored.
    public struct Outcome: Equatable, Sendable {
        public var exitCode: Int32
        public var message: String
    }

    let target: AttachTarget
    let root: DroverRoot
    let environment: [String: String]
    let options: SSHOptions
    /// Seconds between keepalives; the link is declared dead after `deadAfterKeepalives` silent
    /// intervals (a dead link is found by keepalives, not by waiting for TCP).
    public var keepaliveInterval = 15
    let deadAfterKeepalives = 3

    var state: HostSession
    var connection: RemoteConnection?
    var socketWatch: EventLoop.WatchToken?
    var keepaliveTimer: EventLoop.TimerToken?
    var reconnectTimer: EventLoop.TimerToken?
    var outbound: [UInt8] = []
    var lastInbound = ContinuousClock.now
    var outcome: Outcome?
    /// The question being asked (trust, password); while set, local input goes to it.
    var prompt: LinePrompt?
    var attachedOnce = false

    var loop: EventLoop!
    var relay: RelayLoop!
    var console: TerminalSession!

    public init(target: AttachTarget, root: DroverRoot, environment: [String: String],
                options: SSHOptions = SSHOptions()) {
        self.target = target
        self.root = root
        self.environment = environment
        self.options = options
        self.state = HostSession(host: target.displayName)
    }

    /// Takes over the local terminal until the person detaches, the session ends, or connecting
    /// fails for good. The terminal is restored before this returns.
    public func run() -> Outcome {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            return Outcome(exitCode: 1, message: "drover attach needs a terminal on stdin and stdout; run it in an interactive terminal window.")
        }
        do {
            console = try TerminalSession()
            defer { console.restore() }
            loop = try EventLoop()
            let size = console.size ?? (columns: 80, rows: 24)
            let terminal = Terminal(columns: size.columns, rows: size.rows)
            relay = RelayLoop(
                loop: loop, terminal: terminal,
                configuration: .init(capabilities: .detect(environment: environment)),
                sendToRemote: { [unowned self] bytes in send(bytes) },
                writeLocal: { bytes in try? TerminalOutput.writeAll(STDOUT_FILENO, bytes) },
                encode: { event, modes in
                    InputEncoder(modes: modes, cellPixelWidth: terminal.cellPixelSize.width,
                                 cellPixelHeight: terminal.cellPixelSize.height).encode(event)
                })
            relay.onCommand = { [unowned self] command in handle(command) }
            relay.attachLocalTerminal(console, onResize: { [unowned self] columns, rows in
                try? connection?.channel.resize(columns: columns, rows: rows)
            }, onClosed: { [unowned self] in
                finish(1, "The local terminal closed; the herdr session keeps running on \(target.displayName).")
            })
            connect()
            if outcome == nil { try loop.run() }
        } catch {
            return Outcome(exitCode: 1, message: "drover: \(error)")
        }
        connection?.disconnect()
        return outcome ?? Outcome(exitCode: 0, message: "")
    }

    // MARK: - Connecting

    func connect() {
        let generation = state.beginConnect(address: target.endpoint.hostAndPort)
        showState()
        do {
            let opened = try RemoteConnection.open(
                target: target, root: root, environment: environment,
                size: { [unowned self] in (columns: relay.terminal.columns, rows: relay.terminal.rows) },
                options: options,
                progress: { [unowned self] (step: ConnectionState) in
                    if case .authenticating = step { state.handle(.handshakeDone, generation: generation) }
                    showState()
                },
                ask: { [unowned self] key in askTrust(key, generation: generation) },
                answer: { [unowned self] question in ask(.authentication(question, host: target.displayName)) })
            connection = opened
            state.handle(.attached, generation: generation)
            attachedOnce = true
            lastInbound = .now
            watchSocket(of: opened)
            opened.session.configureKeepalive(interval: keepaliveInterval)
            scheduleKeepalive()
            showState()
            relay.redraw()
        } catch let error as SSHError {
            lost(error.description, recoverable: error.isRecoverableByReconnecting, generation: generation)
        } catch {
            lost("\(error)", recoverable: false, generation: generation)
        }
    }

    /// Shows the trust overlay and runs the loop until the person answers; only `yes` trusts.
    func askTrust(_ key: PresentedHostKey, generation: UInt64) -> Bool {
        state.handle(.trustNeeded(fingerprint: key.fingerprint), generation: generation)
        guard state.mayPrompt(generation: generation) else { return false }
        let answer = HostKeyTrust.isYes(ask(.trust(key)))
        state.handle(.trustAnswered(answer), generation: generation)
        showState()
        return answer
    }

    /// Shows `question` and runs the loop until it is answered; nil when cancelled.
    func ask(_ question: LinePrompt) -> String? {
        prompt = question
        relay.overlay = question.overlay
        relay.inputInterceptor = { [unowned self] event in
            prompt?.handle(event)
            if let prompt { relay.overlay = prompt.overlay }
            return true
        }
        defer {
            relay.inputInterceptor = nil
            prompt = nil
            showState()
        }
        while prompt?.isFinished == false && outcome == nil {
            do { try loop.runOnce() } catch { return nil }
        }
        return prompt?.submitted
    }

    // MARK: - Relaying

    func watchSocket(of connection: RemoteConnection) {
        socketWatch = loop.watch(connection.session.socketDescriptor, for: .readable) { [unowned self] events in
            if events.contains(.readable) || events.contains(.hangup) || events.contains(.error) { lastInbound = .now }
            pump()
        }
    }

    /// Reads everything the channel has, feeds the emulator, flushes queued input.
    func pump() {
        guard let connection else { return }
        do {
            var output: SSHChannelOutput
            repeat {
                output = try connection.channel.readAvailable()
                if !output.stdout.isEmpty { relay.receiveRemote(output.stdout) }
                if !output.stderr.isEmpty { relay.receiveRemote(output.stderr) }
            } while output.hasMore
            try flush()
            if output.reachedEOF || connection.channel.receivedEOF {
                remoteEnded(connection)
                return
            }
            updateSocketEvents()
        } catch let error as SSHError {
            lost(error.description, recoverable: true, generation: state.generation)
        } catch {
            lost("\(error)", recoverable: true, generation: state.generation)
        }
    }

    func send(_ bytes: [UInt8]) {
        guard connection != nil else { return }
        outbound += bytes
        do { try flush() } catch { lost("\(error)", recoverable: true, generation: state.generation) }
        updateSocketEvents()
    }

    func flush() throws {
        guard let channel = connection?.channel else { return }
        while !outbound.isEmpty {
            let n = try channel.write(outbound)
            if n <= 0 { break }
            outbound.removeFirst(n)
        }
    }

    func updateSocketEvents() {
        guard let socketWatch, let session = connection?.session else { return }
        var events: EventLoop.Events = .readable
        if !outbound.isEmpty || session.blockDirections.contains(.outbound) { events.insert(.writable) }
        loop.setEvents(events, for: socketWatch)
    }

    func scheduleKeepalive() {
        keepaliveTimer = loop.schedule(after: .seconds(keepaliveInterval)) { [unowned self] in
            guard let connection else { return }
            let silence = ContinuousClock.now - lastInbound
            if silence > .seconds(keepaliveInterval * deadAfterKeepalives) {
                lost("no answer from the host for \(Int(silence.components.seconds)) s", recoverable: true, generation: state.generation)
                return
            }
            do { _ = try connection.session.sendKeepalive() } catch {
                lost("\(error)", recoverable: true, generation: state.generation)
                return
            }
            updateSocketEvents()
            scheduleKeepalive()
        }
    }
}
