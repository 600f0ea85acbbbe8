import History
import Loop
import VT

/// Takes the snapshots of history mode's rewind for every attached host: after a host's
/// screen changed, at most one per `interval` (4 a second), and only of the alternate screen
/// (the main screen has its scrollback). The first change after a quiet spell is taken on the
/// loop's next turn, ahead of a pump turn the read asked for, so a screen that stood still for
/// a moment is always kept. A screen in the middle of a synchronized update waits for its end.
final class SnapshotRecorder {
    static let interval = Duration.milliseconds(250)

    let store: SnapshotStore
    private let loop: EventLoop
    private var terminals: [Terminal]
    private var captures: [ScreenCapture]
    private var lastTaken: [ContinuousClock.Instant?]
    private var timers: [LoopTimer]

    init(loop: EventLoop, terminals: [Terminal], budget: Int) {
        self.loop = loop
        self.terminals = terminals
        store = SnapshotStore(budget: budget)
        captures = terminals.map { _ in ScreenCapture() }
        lastTaken = terminals.map { _ in nil }
        timers = terminals.map { _ in LoopTimer(on: loop) }
    }

    /// A host opened during the run (`ctrl+] o`): its screen is recorded under the next index.
    func add(_ terminal: Terminal) {
        terminals.append(terminal)
        captures.append(ScreenCapture())
        lastTaken.append(nil)
        timers.append(LoopTimer(on: loop))
    }

    /// Host `host`'s screen changed (output was fed to its emulator).
    func changed(_ host: Int) {
        guard !timers[host].isPending else { return }
        let now = ContinuousClock.now
        let due = lastTaken[host].map { max($0.advanced(by: Self.interval), now) } ?? now
        timers[host].schedule(at: due) { [weak self] in self?.take(host) }
    }

    private func take(_ host: Int) {
        let terminal = terminals[host]
        guard terminal.isFrameComplete else {
            timers[host].schedule(after: Self.interval) { [weak self] in self?.take(host) }
            return
        }
        let now = ContinuousClock.now
        lastTaken[host] = now
        if let rows = captures[host].captureAlternate(terminal) { store.record(host: host, rows: rows, at: now) }
    }

    /// "rewind 12 screens, 80 of 256 KiB" for history mode's status line; nil while the host
    /// in front has no past screens (a program that scrolls normally).
    func note(front: Int) -> String? {
        let count = store.snapshots(host: front).count
        guard count > 0 else { return nil }
        return "rewind \(count) screen\(count == 1 ? "" : "s"), \(store.bytes / 1024) of \(store.budget / 1024) KiB"
    }
}
