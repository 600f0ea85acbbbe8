#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import Loop

/// Does what `ctrl+] o` needs from outside on a thread of its own and hands the answer back on
/// the loop: resolving the name (the resolver reads hosts.json and may run `ssh -G`) and asking
/// herdr on the resolved host for its sessions (a connection of its own). The loop thread serves
/// every host of the run, so it never waits for either (issue 25, issue 27).
final class HostLookup {
    /// Lists a target's herdr sessions (DroverCLI's `SessionsCommand.listQuietly`); throws an
    /// error whose description says why not.
    typealias ListSessions = @Sendable (AttachTarget) throws -> HerdrSessionList

    /// Why a name did not resolve or no list came, in the worker's words (they say what to do).
    struct Failure: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    private enum Payload: Sendable {
        case target(Result<AttachTarget, Failure>)
        case sessions(Result<HerdrSessionList, Failure>)
    }

    private struct Answer: Sendable {
        let request: Int
        let payload: Payload
    }

    private let resolve: HostFactory.Resolve
    private let list: ListSessions?
    private let mailbox: Mailbox<Answer>
    private let waiting: Waiting
    private let startThread: WorkerThread.Start

    init(resolve: @escaping HostFactory.Resolve, listSessions: ListSessions?, loop: EventLoop,
         startThread: @escaping WorkerThread.Start = WorkerThread.start) throws {
        self.resolve = resolve
        list = listSessions
        self.startThread = startThread
        let waiting = Waiting()
        self.waiting = waiting
        mailbox = try loop.mailbox { (answer: Answer) in waiting.settle(answer.request, answer.payload) }
    }

    /// Whether sessions can be asked for at all (a lister was handed down).
    var listsSessions: Bool { list != nil }

    /// Resolves `text` away from the loop; `done` runs on the loop thread with the answer.
    func lookUp(_ text: String, done: @escaping (Result<AttachTarget, Failure>) -> Void) {
        let resolve = resolve
        work({ try resolve(text) }, as: Payload.target) { if case .target(let result) = $0 { done(result) } }
    }

    /// Asks herdr on `target` for its sessions away from the loop; `done` runs on the loop thread.
    func listSessions(of target: AttachTarget, done: @escaping (Result<HerdrSessionList, Failure>) -> Void) {
        guard let list else { return done(.failure(Failure(description: "this Drover cannot list sessions"))) }
        work({ try list(target) }, as: Payload.sessions) { if case .sessions(let result) = $0 { done(result) } }
    }

    private func work<T: Sendable>(_ job: @escaping @Sendable () throws -> T,
                                   as wrap: @escaping @Sendable (Result<T, Failure>) -> Payload,
                                   done: @escaping (Payload) -> Void) {
        let request = waiting.add(done)
        let mailbox = mailbox
        do {
            try startThread {
                let result: Result<T, Failure>
                do { result = .success(try job()) } catch { result = .failure(Failure(description: "\(error)")) }
                _ = mailbox.post(Answer(request: request, payload: wrap(result)))
            }
        } catch {
            // Answered on the loop's next turn, as the thread would have: `done` never runs inside the call.
            _ = mailbox.post(Answer(request: request, payload: wrap(.failure(Failure(description: "\(error)")))))
        }
    }

    /// The answers still to come, by request (loop thread only).
    private final class Waiting {
        private var next = 0
        private var pending: [Int: (Payload) -> Void] = [:]

        func add(_ done: @escaping (Payload) -> Void) -> Int {
            next += 1
            pending[next] = done
            return next
        }

        func settle(_ request: Int, _ payload: Payload) {
            pending.removeValue(forKey: request)?(payload)
        }
    }
}
