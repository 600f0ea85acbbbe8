#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Loop

/// Runs `--copy-command` one at a time, off the loop: while one runs, only the newest text
/// waits and older ones are dropped, so a remote that floods OSC 52 writes starts one process
/// after another, never hundreds at once, and the clipboard still ends with the last text.
final class CopyQueue: @unchecked Sendable {
    // @unchecked: `running` and `waiting` are only touched with `lock` held; the rest is `let`.
    private let lock = Lock()
    private var running = false
    private var waiting: [UInt8]?
    private let run: @Sendable ([UInt8]) -> String?
    private let report: @Sendable (String) -> Void

    /// `run` copies one text (nil, or what went wrong); `report` gets each failure. Both are
    /// called on the queue's worker thread (`report` on `submit`'s when no thread can be made).
    init(run: @escaping @Sendable ([UInt8]) -> String?, report: @escaping @Sendable (String) -> Void) {
        self.run = run
        self.report = report
    }

    /// The `--copy-command` queue: each text through `CopyCommand.runNow`.
    convenience init(command: String, report: @escaping @Sendable (String) -> Void) {
        self.init(run: { CopyCommand.runNow(command, $0) }, report: report)
    }

    /// Copies `text` now, or after the one running (replacing any text already waiting).
    func submit(_ text: [UInt8]) {
        lock.lock()
        if running {
            waiting = text
            lock.unlock()
            return
        }
        running = true
        lock.unlock()
        do {
            try WorkerThread.start { [self] in work(text) }
        } catch {
            lock.withLock { running = false }
            report("the text was not copied: \(error)")
        }
    }

    private func work(_ first: [UInt8]) {
        var text = first
        while true {
            if let failure = run(text) { report(failure) }
            lock.lock()
            guard let next = waiting else {
                running = false
                lock.unlock()
                return
            }
            waiting = nil
            lock.unlock()
            text = next
        }
    }
}
