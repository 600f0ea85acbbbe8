import VT

/// Drover's own key bindings behind a prefix key (`PrefixKey`: `ctrl+]` by default, a key herdr
/// does not use). A small pure state machine between the input decoder and the remote. The
/// prefix is recognised in every keyboard mode: its control byte, kitty's `CSI 93;5u` and
/// xterm's `CSI 27;5;93~` all decode to the same event, the Shift forms of `ctrl+^ ctrl+_ ctrl+@`
/// count as those keys, and lock modifiers do not count.
///
/// After the prefix, a key of `bindings` (`PrefixKeys.swift`, the one list of them) becomes
/// its command, and the prefix again sends the prefix key itself to the remote. Any other key
/// after the prefix is dropped (it was meant for Drover, so it must not surprise the remote).
/// Mouse and focus events pass through without ending the prefix, so mouse motion between the
/// two keys does not spoil the binding. The prefix and commands are read on a key's press
/// only: under kitty's event types the prefix's and the command key's repeats and releases are
/// Drover's and are dropped, and so is a modifier key on its own while a command is awaited;
/// any other key's release reaches the host, which had its press.
public struct PrefixKeyHandler: Sendable {
    public enum Command: Hashable, Sendable, CaseIterable {
        case detach, help, redraw, discardPending, nextHost, previousHost, pickHost, history, pasteImage, openHost, closeHost
    }

    public enum Action: Hashable, Sendable {
        /// Send this event on to the remote.
        case forward(InputEvent)
        /// Carry out a Drover command.
        case command(Command)
    }

    /// The standard prefix key: `ctrl+]` sends byte 0x1D, decoded as Ctrl + "]".
    public static let defaultPrefix = PrefixKey.standard.event

    public let prefix: InputEvent
    /// True after the prefix, until the next key.
    public private(set) var awaitingCommand = false
    /// Keys whose press Drover took: their repeats and release are not the host's.
    private var taken: Set<Key> = []

    /// - Parameter prefix: the prefix key; the process's `PrefixKey.inUse` when not given.
    public init(prefix: InputEvent = PrefixKey.inUse.event) {
        self.prefix = prefix
    }

    /// Whether `event` is the prefix key, in any form the terminal reported it
    /// (`PrefixKey.prefixForm`), whatever Caps Lock or Num Lock said.
    private func isPrefix(_ event: InputEvent) -> Bool {
        PrefixKey.prefixForm(of: event) == prefix
    }

    /// What to do with one decoded event.
    public mutating func handle(_ event: InputEvent) -> [Action] {
        guard case let .keyEvent(key) = event else { return handlePress(event) }
        switch key.type {
        case .release:
            // The host had every other key's press (Ctrl before a Ctrl+key prefix), so it gets
            // the release even while a command is awaited; a taken key's release is Drover's.
            return taken.remove(key.key) != nil ? [] : [.forward(event)]
        case .repeat:
            return taken.contains(key.key) || awaitingCommand ? [] : [.forward(event)]
        case .press:
            let press = InputEvent.key(key.key, key.modifiers)
            if awaitingCommand || isPrefix(press) { return handlePress(press) }
            taken.remove(key.key)
            return [.forward(event)]
        }
    }

    /// Marks the key of `press` as Drover's, for a press a question, the picker, the help box or
    /// history mode took: its repeats and release are then not the host's either.
    public mutating func take(_ press: InputEvent) {
        switch press {
        case let .key(key, _): hold([key])
        case let .keyEvent(event): hold([event.key])
        case let .text(text): if let first = text.unicodeScalars.first { hold(Self.keys(typing: first)) }
        default: break
        }
    }

    /// The most keys kept as taken: a press whose release never came (a terminal without event
    /// types) stays until the host gets that key, so input of ever new keys would grow the set;
    /// past this many, the old ones are forgotten (a later release of one reaches the host).
    static let takenLimit = 64

    private mutating func hold(_ keys: Set<Key>) {
        if taken.count + keys.count > Self.takenLimit { taken.removeAll() }
        taken.formUnion(keys)
    }

    /// Ends a wait for the command (a host switch, a question): the keys Drover took stay
    /// taken, so the releases of the command that switched hosts do not reach the new host.
    public mutating func cancel() {
        awaitingCommand = false
    }

    /// A press (or text, paste, mouse, focus).
    private mutating func handlePress(_ event: InputEvent) -> [Action] {
        if awaitingCommand, case let .key(.modifier(key), _) = event {
            hold([.modifier(key)])   // its release is Drover's too
            return []
        }
        let wasAwaiting = awaitingCommand
        let actions = decide(event)
        track(event, wasAwaiting: wasAwaiting)
        return actions
    }

    /// Keeps `taken` to the keys whose last press Drover took (the prefix, the command), so
    /// their releases are dropped; a key whose press went to the host (the doubled prefix, any
    /// key typed later) is the host's again, so a release that never came leaves nothing stale.
    private mutating func track(_ event: InputEvent, wasAwaiting: Bool) {
        switch event {
        case let .key(key, _):
            let took = (wasAwaiting || awaitingCommand) && !(wasAwaiting && isPrefix(event))
            if took { hold([key]) } else if !taken.isEmpty { taken.remove(key) }
        case let .text(text):
            var scalars = text.unicodeScalars[...]
            if wasAwaiting, let first = scalars.popFirst() { hold(Self.keys(typing: first)) }
            if !taken.isEmpty { for scalar in scalars { taken.subtract(Self.keys(typing: scalar)) } }
        default:
            break
        }
    }

    /// What a press means: the prefix, a command, or a key for the host.
    private mutating func decide(_ event: InputEvent) -> [Action] {
        if !awaitingCommand {
            if isPrefix(event) {
                awaitingCommand = true
                return []
            }
            return [.forward(event)]
        }
        switch event {
        case .mouse, .focus:
            return [.forward(event)]
        case .paste:
            awaitingCommand = false
            return [.forward(event)]
        case _ where isPrefix(event):
            awaitingCommand = false
            return [.forward(prefix)]
        case let .text(text):
            awaitingCommand = false
            var scalars = text.unicodeScalars
            let first = scalars.removeFirst()
            var actions: [Action] = Self.command(for: first).map { [.command($0)] } ?? []
            if !scalars.isEmpty { actions.append(.forward(.text(String(scalars)))) }
            return actions
        case let .key(.character(scalar), modifiers) where modifiers.subtracting(KeyModifiers.locks).isSubset(of: .shift):
            awaitingCommand = false
            return Self.command(for: scalar).map { [.command($0)] } ?? []
        case .keyEvent:
            return []   // `handle` gives presses as `.key`
        case let .key(key, modifiers):
            awaitingCommand = false
            let modifiers = modifiers.subtracting(KeyModifiers.locks)
            if key == .enter && modifiers.isEmpty { return [.forward(Self.shiftEnter)] }
            guard modifiers.isEmpty, let command = Self.keyAliases[key] else { return [] }
            return [.command(command)]
        }
    }

    /// The keys a release of typed `scalar` may name: itself, or the US layout's key for it
    /// (kitty names a key by its unshifted character; another layout's may differ, and that
    /// release then reaches the host, which saw no press for it).
    private static func keys(typing scalar: Unicode.Scalar) -> Set<Key> {
        [.character(scalar), .character(KeyEvent.usLayoutKey(typing: scalar))]
    }

    /// Handles a batch of events in order.
    public mutating func handle(_ events: [InputEvent]) -> [Action] {
        events.flatMap { handle($0) }
    }
}
