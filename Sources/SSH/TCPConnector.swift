import LibC

/// The numeric address and port of the socket's peer: which address actually answered.
public struct PeerAddress: Sendable, Equatable, CustomStringConvertible {
    public let address: String
    public let port: Int
    public init(address: String, port: Int) {
        self.address = address
        self.port = port
    }

    public var isIPv6: Bool { address.contains(":") }
    public var description: String { isIPv6 ? "[\(address)]:\(port)" : "\(address):\(port)" }
}

/// One resolved socket address (a copy of a getaddrinfo result).
struct ResolvedAddress {
    let family: Int32
    let socketType: Int32
    let proto: Int32
    let storage: sockaddr_storage
    let length: socklen_t
}

/// Resolves a host (name, IPv4 or IPv6 literal) and opens a non-blocking TCP connection,
/// trying each address in getaddrinfo's order, each with the same timeout and all within the
/// caller's budget (`SSHOptions.handshakeTimeout`).
enum TCPConnector {
    /// The end of a caller's whole budget and its length in seconds (for the error message).
    typealias Budget = (deadline: ContinuousClock.Instant, seconds: Double)

    /// A connected, non-blocking, close-on-exec socket and the peer that answered. `budget`,
    /// when given, bounds all addresses together.
    static func connect(host: String, port: Int, timeout: Double,
                        until budget: Budget? = nil) throws -> (fd: Int32, peer: PeerAddress) {
        try connect(to: resolve(host: host, port: port), host: host, port: port, timeout: timeout, until: budget)
    }

    /// Tries `addresses` in order; the first that connects wins, else the last error is thrown.
    static func connect(to addresses: [ResolvedAddress], host: String, port: Int,
                        timeout: Double, until budget: Budget? = nil) throws -> (fd: Int32, peer: PeerAddress) {
        var lastError: SSHError = .unreachable(host: host, port: port, detail: "no usable address")
        for address in addresses {
            do {
                // Each address gets `timeout`, but none runs past the budget's deadline.
                var limit: Budget = (ContinuousClock.now + .milliseconds(Int64((timeout * 1000).rounded(.up))), timeout)
                if let budget, budget.deadline < limit.deadline { limit = budget }
                let fd = try connectOne(address, host: host, port: port, limit: limit)
                return (fd, peerAddress(of: address) ?? PeerAddress(address: host, port: port))
            } catch let error as SSHError {
                lastError = error
            }
        }
        throw lastError
    }

    /// Every TCP address of `host` (getaddrinfo, IPv4 and IPv6), in the resolver's order.
    static func resolve(host: String, port: Int) throws -> [ResolvedAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamSocketType
        hints.ai_flags = AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &result)
        guard rc == 0, let result else {
            let detail = rc == EAI_SYSTEM ? String(cString: strerror(errno)) : String(cString: gai_strerror(rc))
            throw SSHError.hostNotFound(host: host, detail: detail)
        }
        defer { freeaddrinfo(result) }
        var addresses: [ResolvedAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = result
        while let info = entry?.pointee {
            entry = info.ai_next
            guard let sockaddrPointer = info.ai_addr,
                  Int(info.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size else { continue }
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: sockaddrPointer, count: Int(info.ai_addrlen)))
            }
            addresses.append(ResolvedAddress(family: info.ai_family, socketType: info.ai_socktype,
                                             proto: info.ai_protocol, storage: storage, length: info.ai_addrlen))
        }
        return addresses
    }

    private static func connectOne(_ address: ResolvedAddress, host: String, port: Int, limit: Budget) throws -> Int32 {
        let timeout = limit.seconds
        let fd = socketClosedOnExec(family: address.family, type: address.socketType, protocol: address.proto)
        guard fd >= 0 else {
            throw SSHError.unreachable(host: host, port: port, detail: String(cString: strerror(errno)))
        }
        var ok = false
        defer { if !ok { close(fd) } }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))

        var storage = address.storage
        var rc = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { LibC.connect(fd, $0, address.length) }
        }
        if rc != 0 && errno == EINPROGRESS {
            try SocketWait.wait(fd: fd, events: Int16(POLLOUT), until: limit.deadline) {
                SSHError.timedOut(host: host, port: port, seconds: timeout, waitingFor: "connecting")
            }
            var soError: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            rc = getsockopt(fd, SOL_SOCKET, SO_ERROR, &soError, &length)
            if rc == 0 && soError != 0 { rc = -1; errno = soError }
        }
        guard rc == 0 else { throw connectError(errno, host: host, port: port, timeout: timeout) }
        ok = true
        return fd
    }

    private static func connectError(_ code: Int32, host: String, port: Int, timeout: Double) -> SSHError {
        switch code {
        case ECONNREFUSED: return .connectionRefused(host: host, port: port)
        case ETIMEDOUT: return .timedOut(host: host, port: port, seconds: timeout, waitingFor: "connecting")
        default: return .unreachable(host: host, port: port, detail: String(cString: strerror(code)))
        }
    }

    private static func peerAddress(of address: ResolvedAddress) -> PeerAddress? {
        var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        var storage = address.storage
        let rc = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, address.length, &name, socklen_t(name.count), &service, socklen_t(service.count),
                            NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard rc == 0 else { return nil }
        let address = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let serviceText = String(decoding: service.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return PeerAddress(address: address, port: Int(serviceText) ?? 0)
    }
}
