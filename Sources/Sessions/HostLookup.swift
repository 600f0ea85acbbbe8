import Foundation
import Loop

/// Resolves what `ctrl+] o` names on a thread of its own and hands the answer back on the loop:
/// the resolver reads hosts.json and may run `ssh -G`, and the loop thread serves every host of
/// the run, so it never waits for either (issue 25).
final class HostLookup {
    /// Why a name did not resolve, in the resolver's words (they say what to do).
    struct Failure: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    private struct Answer: Sendable {
        let request: Int
        let result: Result<AttachTarget, Failure>
    }

    private let resolve: HostFactory.Resolve
    private let mailbox: Mailbox<Answer>
    private let waiting: Waiting

    init(resolve: @escaping HostFactory.Resolve, loop: EventLoop) throws {
        self.resolve = resolve
        let waiting = Waiting()
        self.waiting = waiting
        mailbox = try loop.mailbox { (answer: Answer) in waiting.settle(answer.request, answer.result) }
    }

    /// Resolves `text` away from the loop; `done` runs on the loop thread with the answer.
    func lookUp(_ text: String, done: @escaping (Result<AttachTarget, Failure>) -> Void) {
        let request = waiting.add(done)
        let (resolve, mailbox) = (resolve, mailbox)
        Thread.detachNewThread {
            let result: Result<AttachTarget, Failure>
            do { result = .success(try resolve(text)) } catch { result = .failure(Failure(description: "\(error)")) }
            _ = mailbox.post(Answer(request: request, result: result))
        }
    }

    /// The answers still to come, by request (loop thread only).
    private final class Waiting {
        private var next = 0
        private var pending: [Int: (Result<AttachTarget, Failure>) -> Void] = [:]

        func add(_ done: @escaping (Result<AttachTarget, Failure>) -> Void) -> Int {
            next += 1
            pending[next] = done
            return next
        }

        func settle(_ request: Int, _ result: Result<AttachTarget, Failure>) {
            pending.removeValue(forKey: request)?(result)
        }
    }
}
