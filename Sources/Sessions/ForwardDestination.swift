#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC
import Loop

/// Where a remote forward's connections go on this computer: HOST:PORT, looked up once per
/// session on a worker thread and posted back to the loop. `getaddrinfo` can take seconds on a
/// slow resolver, and the loop thread serves every host of the run, so it never looks up names.
final class ForwardDestination {
    /// One address the lookup gave: enough to open a socket and connect it.
    struct Address: Sendable {
        let family: Int32
        let type: Int32
        let proto: Int32
        let bytes: [UInt8]
    }

    enum State {
        case notLooked
        case looking
        case found(Address)
        case failed(String)
    }

    /// Why a connection to the destination could not be started, in words for a banner.
    struct Unreachable: Error, CustomStringConvertible {
        let description: String
    }

    /// A lookup's result, tagged with the lookup it answers (a newer one may have started).
    private struct Answer: Sendable {
        let lookup: Int
        let result: Result<Address, Unreachable>
    }

    let host: String
    let port: Int
    private(set) var state = State.notLooked
    private var lookups = 0
    private var mailbox: Mailbox<Answer>?
    private let startThread: WorkerThread.Start
    /// Told on the loop thread when a lookup ended (found or not).
    var onSettled: () -> Void = {}

    init(host: String, port: Int, loop: EventLoop, startThread: @escaping WorkerThread.Start = WorkerThread.start) throws {
        self.host = host
        self.port = port
        self.startThread = startThread
        mailbox = try loop.mailbox { [weak self] (answer: Answer) in self?.settle(answer) }
    }

    /// True while a lookup runs: connections wait for it at the host's listener.
    var isLooking: Bool { if case .looking = state { true } else { false } }

    /// Starts a fresh lookup (a new session: the name may point elsewhere by now).
    func lookUp() {
        guard let mailbox else { return }
        lookups += 1
        state = .looking
        let (lookup, host, port) = (lookups, host, port)
        do {
            try startThread { mailbox.post(Answer(lookup: lookup, result: Self.resolve(host: host, port: port))) }
        } catch {
            // Settled on the loop's next turn, as an answer from the thread would be.
            mailbox.post(Answer(lookup: lookup, result: .failure(Unreachable(description: "\(host) was not looked up: \(error)"))))
        }
    }

    private func settle(_ answer: Answer) {
        guard answer.lookup == lookups else { return }
        switch answer.result {
        case .success(let address): state = .found(address)
        case .failure(let why): state = .failed(why.description)
        }
        onSettled()
    }

    /// A non-blocking TCP connection to the address found, closed on exec; the connect may
    /// still be in progress (writes wait for it).
    func openConnection() throws -> Int32 {
        let address: Address
        switch state {
        case .found(let found): address = found
        case .failed(let why): throw Unreachable(description: why)
        case .notLooked, .looking: throw Unreachable(description: "its address is not known yet")
        }
        let fd = socketClosedOnExec(family: address.family, type: address.type, protocol: address.proto)
        guard fd >= 0 else { throw Unreachable(description: String(cString: strerror(errno))) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let started = address.bytes.withUnsafeBytes { raw in
            connect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if started != 0 && errno != EINPROGRESS {
            let code = errno
            close(fd)
            throw Unreachable(description: String(cString: strerror(code)))
        }
        return fd
    }

    /// The first address of `host`:`port` (on the worker thread).
    private static func resolve(host: String, port: Int) -> Result<Address, Unreachable> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamSocketType
        hints.ai_flags = AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hints, &result)
        guard code == 0, let result else {
            return .failure(Unreachable(description: "no address for \(host): \(String(cString: gai_strerror(code)))"))
        }
        defer { freeaddrinfo(result) }
        let info = result.pointee
        let bytes = [UInt8](UnsafeRawBufferPointer(start: info.ai_addr, count: Int(info.ai_addrlen)))
        return .success(Address(family: info.ai_family, type: info.ai_socktype, proto: info.ai_protocol, bytes: bytes))
    }
}
