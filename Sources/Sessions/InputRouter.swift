import Console
import History
import Render
import VT

/// The one owner of the person's local input during an attach run. The front view decodes the
/// local terminal's bytes and hands every event here; `route` decides who gets it, in one
/// place and by one rule, and the run carries out what it returns.
///
/// The rule, first match wins:
/// 1. A question (trust, password) waiting: a connect thread is blocked on it, so its answer
///    field gets every key, prefix keys included.
/// 2. The host picker while open: digits, arrows, Enter and Escape are its.
/// 3. While nothing of Drover's is pending (no prefix pressed, no help box, not in history):
///    a paste goes to the paste code, which uploads pictures or hands it on; Escape cancels a
///    paste being prepared.
/// 4. The prefix key and the command after it; the next key after the help box closes it.
/// 5. History mode gets what is left while it is on; otherwise the host in front.
///
/// A key's release (kitty's event types) goes where its press went: a press any of these took
/// is marked in the prefix handler, so its release reaches nobody, even after a host switch.
///
/// A value with private state, so the rule is tested by feeding events (`InputRouterTests`).
struct InputRouter {
    /// Who got an event, for the run to act on.
    enum Delivery {
        /// The question on screen took it; `finished` once submitted or cancelled (answer it).
        case question(finished: PromptQueue.Question?)
        /// The picker took it; `result` once a host was picked or the picker was cancelled.
        case picker(result: HostPicker.Result?)
        /// A paste for the paste code (pictures become uploads; other text goes to the host).
        case paste(String)
        /// Escape while a paste is being prepared for the host in front.
        case cancelPaste
        /// A Drover command after the prefix key (the help box is already open for `.help`).
        case command(PrefixKeyHandler.Command)
        /// The key that closed the help box (it goes nowhere else).
        case closedHelp
        /// For history mode's view.
        case history(InputEvent)
        /// For the host in front (encoded in its modes, or kept while it reconnects).
        case frontHost(InputEvent)
        /// Taken by nobody (a click on the help box).
        case dropped
    }

    /// What the run knows that the rule depends on, read fresh for every event.
    struct Context {
        /// History mode is on (the front view holds its view).
        var inHistory = false
        /// A paste for the host in front is being prepared or uploaded.
        var pasteInProgress = false
    }

    private var prompts = PromptQueue()
    private var picker: HostPicker?
    private var prefix: PrefixKeyHandler
    private var helpShown = false

    init(prefix: InputEvent = PrefixKey.inUse.event) {
        self.prefix = PrefixKeyHandler(prefix: prefix)
    }

    // MARK: The rule

    /// Decides who gets `event`; one event may yield two deliveries (a doubled prefix key
    /// after a pending one is sent as a key).
    mutating func route(_ event: InputEvent, _ context: Context = Context()) -> [Delivery] {
        if !prompts.isEmpty {
            guard let press = event.asPress else { return release(event, context) }
            prefix.take(press)
            return [.question(finished: prompts.handle(press))]
        }
        if var open = picker {
            guard let press = event.asPress else { return release(event, context) }
            prefix.take(press)
            open.handle(press)
            picker = open.result == nil ? open : nil
            return [.picker(result: open.result)]
        }
        if !prefix.awaitingCommand, !helpShown, !context.inHistory {
            if case .paste(let text) = event { return [.paste(text)] }
            if case .key(.escape, let modifiers) = event, modifiers.isEmpty, context.pasteInProgress {
                return [.cancelPaste]
            }
        }
        return prefix.handle(event).map { action in
            switch action {
            case .command(let command):
                if command == .help { helpShown = true }
                return .command(command)
            case .forward(let event):
                if helpShown {
                    if case .mouse = event { return .dropped }
                    guard let press = event.asPress else { return context.inHistory ? .dropped : .frontHost(event) }
                    helpShown = false
                    prefix.take(press)
                    return .closedHelp
                }
                guard context.inHistory else { return .frontHost(event) }
                guard let press = event.asPress else { return .dropped }
                prefix.take(press)
                return .history(press)
            }
        }
    }

    /// A key's release while a question or the picker holds the input: Drover's (dropped) when
    /// they or the prefix took its press, else the host's, which had the press.
    private mutating func release(_ event: InputEvent, _ context: Context) -> [Delivery] {
        guard case .forward(let event)? = prefix.handle(event).first, !context.inHistory else { return [.dropped] }
        return [.frontHost(event)]
    }

    // MARK: What owns the input

    /// Whether a question or the picker holds the input (the status line is not shown then).
    var isHeld: Bool { !prompts.isEmpty || picker != nil }
    var questionWaiting: Bool { !prompts.isEmpty }
    var pickerOpen: Bool { picker != nil }

    /// True while Drover, not the host, takes the keys: a question, the picker, the help box, a
    /// pressed prefix key. The local terminal's keyboard mode is given back meanwhile (ADR 0024).
    var holdsKeys: Bool { prompts.shown != nil || picker != nil || helpShown || prefix.awaitingCommand }

    /// Queues a question; a question takes the input from the picker and the help box, which
    /// close. Returns true when it is the first (show it now).
    mutating func ask(_ question: PromptQueue.Question) -> Bool {
        picker = nil
        helpShown = false
        prefix.cancel()
        return prompts.append(question)
    }

    /// Removes the stale questions at the head (see `PromptQueue.removeStaleHead`); the caller
    /// answers them with nil.
    mutating func removeStaleQuestions(currentGeneration: (_ host: Int) -> UInt64) -> [PromptQueue.Question] {
        prompts.removeStaleHead(currentGeneration: currentGeneration)
    }

    /// Every waiting question (Drover is ending); the caller answers each with nil.
    mutating func removeAllQuestions() -> [PromptQueue.Question] {
        prompts.removeAll()
    }

    /// Opens the picker on `selection` (not while a question waits: it owns the keys).
    mutating func openPicker(count: Int, selection: Int) {
        guard prompts.isEmpty else { return }
        picker = HostPicker(count: count, selection: selection)
    }

    /// Another host came to the front: a pressed prefix and the help box do not carry over.
    mutating func hostSwitched() {
        prefix.cancel()   // the keys Drover took stay taken: their releases are not the new host's
        helpShown = false
    }

    // MARK: What it shows

    /// The box for whoever holds the input: the question, the picker (`pickerBox` draws it
    /// with the hosts' states) or the help box; nil when the status line may show.
    /// `status`: the status line's whole text, which the help box shows first (a status line
    /// too long for its rows points there).
    func overlay(status: String? = nil, lastMessage: String? = nil, pickerBox: (HostPicker) -> Overlay) -> Overlay? {
        if let shown = prompts.shown { return shown.overlay }
        if let picker { return pickerBox(picker) }
        return helpShown ? Self.helpBox(status: status, lastMessage: lastMessage) : nil
    }

    /// The key help box (prefix `?`), closed by the next key.
    /// Computed: the lines name the prefix key in use.
    static var helpBox: Overlay { helpBox(status: nil) }

    /// The key help box under the whole status text, when there is one, and the last message
    /// (a banner) whole once it is down: a note cut short stays one key away.
    static func helpBox(status: String?, lastMessage: String? = nil) -> Overlay {
        Overlay.box(title: "drover keys",
                    lines: (status.map { ["Status: \($0)"] } ?? []) + (lastMessage.map { ["Last message: \($0)"] } ?? [])
                        + (status == nil && lastMessage == nil ? [] : [""])
                        + PrefixKeyHandler.helpLines + ["", "In history mode (\(PrefixKeyHandler.keys(for: .history))):"]
                        + HistoryView.helpLines + ["", "any key closes this"])
    }
}
