import Console
import Loop
import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import SSH

/// A finished `RemoteConnection` on its way from the connect thread to the loop thread.
///
/// @unchecked Sendable: ownership moves, it is never shared. The connect thread creates and
/// uses the libssh2 session, then posts this box and never touches the connection again; from
/// delivery on only the loop thread uses it. If the post is refused (the loop has ended), the
/// connect thread stays the owner and disconnects it itself.
final class HandedOverConnection: @unchecked Sendable {
    let connection: RemoteConnection
    init(_ connection: RemoteConnection) { self.connection = connection }
}

/// A question the connect thread waits on while the loop thread asks the person: `wait()`
/// blocks until `give(_:)`; only the first answer counts.
final class PendingAnswer<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `answer` is written once under `lock`, before `ready` is signalled, and read
    // after the wait.
    private let lock = Lock()
    private let ready = DispatchSemaphore(value: 0)
    private var answer: Value?

    func give(_ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        guard answer == nil else { return }
        answer = value
        ready.signal()
    }

    func wait() -> Value {
        ready.wait()
        lock.lock()
        defer { lock.unlock() }
        return answer!
    }
}

/// What a connect thread tells the loop about attempt `generation` of host `host` (its index).
enum ConnectMessage: Sendable {
    case progress(host: Int, generation: UInt64, ConnectionState)
    /// A one-line remark for the status line (a key pinned because ~/.ssh/known_hosts has it).
    case note(host: Int, generation: UInt64, String)
    /// A remark that is read when shown (a ProxyCommand's latest stderr lines; nil: nothing new).
    case laterNote(host: Int, generation: UInt64, @Sendable () -> String?)
    case trust(host: Int, generation: UInt64, UnknownHostKey, PendingAnswer<Bool>)
    case login(host: Int, generation: UInt64, SSHAuthPrompt, PendingAnswer<String?>)
    case finished(host: Int, generation: UInt64, Result<HandedOverConnection, any Error>)

    /// Releases a sender that will get no real answer: "no" to a trust question, nothing to a
    /// login question; a finished connection nobody takes is disconnected.
    func decline() {
        switch self {
        case .trust(_, _, _, let answer): answer.give(false)
        case .login(_, _, _, let answer): answer.give(nil)
        case .finished(_, _, .success(let handed)): handed.connection.disconnect()
        case .laterNote(_, _, let text): _ = text()
        case .progress, .note, .finished: break
        }
    }
}

/// One connection attempt on its own thread: everything `RemoteConnection.open` blocks on
/// (connect, handshake, authentication, the PTY) happens there, while the loop stays live.
/// Prompts travel to the loop as messages and the thread waits for their answers.
struct ConnectAttempt: Sendable {
    let host: Int
    let generation: UInt64
    let target: AttachTarget
    let root: DroverRoot
    let environment: [String: String]
    let options: SSHOptions
    /// What the line's sshd fence does (ADR 0031).
    let fence: LinkFence.Request
    /// The PTY size asked for; the loop resizes the channel if the terminal changed meanwhile.
    let columns: Int
    let rows: Int

    func start(reportingTo mailbox: Mailbox<ConnectMessage>) {
        do {
            try WorkerThread.start { run(reportingTo: mailbox) }
        } catch {
            // The attempt ends as a failed connect would, on the loop's next turn.
            mailbox.post(.finished(host: host, generation: generation, .failure(error)))
        }
    }

    private func run(reportingTo mailbox: Mailbox<ConnectMessage>) {
        let result: Result<HandedOverConnection, any Error>
        do {
            let opened = try RemoteConnection.open(
                target: target, root: root, environment: environment,
                size: { (columns: columns, rows: rows) }, options: options, fence: fence,
                progress: { step in mailbox.post(.progress(host: host, generation: generation, step)) },
                note: { text in mailbox.post(.note(host: host, generation: generation, text)) },
                laterNote: { text in mailbox.post(.laterNote(host: host, generation: generation, text)) },
                ask: { key in
                    let answer = PendingAnswer<Bool>()
                    guard mailbox.post(.trust(host: host, generation: generation, key, answer)) else { return false }
                    return answer.wait()
                },
                answer: { question in
                    let answer = PendingAnswer<String?>()
                    guard mailbox.post(.login(host: host, generation: generation, question, answer)) else { return nil }
                    return answer.wait()
                })
            result = .success(HandedOverConnection(opened))
        } catch {
            result = .failure(error)
        }
        let message = ConnectMessage.finished(host: host, generation: generation, result)
        if !mailbox.post(message) { message.decline() }
    }
}
