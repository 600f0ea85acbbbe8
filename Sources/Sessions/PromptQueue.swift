import VT

/// The questions connect threads wait on (trust a new host key, a password or one-time
/// code), shown one at a time in arrival order. A connect thread is blocked until its question
/// is answered, so while any waits the queue owns the local input (`InputRouter`).
///
/// A value: it never calls a reply itself. Whatever leaves the queue is handed back to the
/// run, which answers it after the queue is consistent again (a reply may redraw, and the
/// redraw reads the queue).
struct PromptQueue {
    /// A question and where its answer goes.
    struct Question {
        /// The asking host's index in the run.
        let host: Int
        /// The attempt that asked; a question from an older attempt is stale.
        let generation: UInt64
        var prompt: LinePrompt
        /// Passes the answer back (nil when cancelled or no longer current).
        let reply: (String?) -> Void
    }

    private var waiting: [Question] = []

    var isEmpty: Bool { waiting.isEmpty }

    /// The question on screen, if any.
    var shown: LinePrompt? { waiting.first?.prompt }

    /// Queues `question`; returns true when it is the first (show it now), false when it waits
    /// behind the one on screen.
    mutating func append(_ question: Question) -> Bool {
        waiting.append(question)
        return waiting.count == 1
    }

    /// Removes the questions at the front whose attempt is no longer current (the host
    /// reconnected or gave up meanwhile; `currentGeneration` gives a host's current attempt),
    /// so the next one shown is live. The caller answers the removed ones with nil.
    mutating func removeStaleHead(currentGeneration: (_ host: Int) -> UInt64) -> [Question] {
        var stale: [Question] = []
        while let first = waiting.first, first.generation != currentGeneration(first.host) {
            stale.append(waiting.removeFirst())
        }
        return stale
    }

    /// Gives `event` to the question on screen. Returns it, removed from the queue, once it is
    /// submitted or cancelled; nil while the person is still typing (or nothing is asked).
    mutating func handle(_ event: InputEvent) -> Question? {
        guard !waiting.isEmpty else { return nil }
        waiting[0].prompt.handle(event)
        return waiting[0].prompt.isFinished ? waiting.removeFirst() : nil
    }

    /// Empties the queue (Drover is ending); the caller answers every question with nil.
    mutating func removeAll() -> [Question] {
        defer { waiting.removeAll() }
        return waiting
    }
}
