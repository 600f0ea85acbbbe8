#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

/// Resolves a host (name, IPv4 or IPv6 literal) and opens a non-blocking TCP connection,
/// trying each address in getaddrinfo's order, each with the same timeout.
enum TCPConnector {
    /// A connected, non-blocking, close-on-exec socket and the peer that answered.
    static func connect(host: String, port: Int, timeout: Double) throws -> (fd: Int32, peer: PeerAddress) {
        let addresses = try resolve(host: host, port: port)
        defer { freeaddrinfo(addresses) }
        var lastError: SSHError = .unreachable(host: host, port: port, detail: "no usable address")
        var entry: UnsafeMutablePointer<addrinfo>? = addresses
        while let info = entry {
            entry = info.pointee.ai_next
            do {
                let fd = try connectOne(info.pointee, host: host, port: port, timeout: timeout)
                let peer = peerAddress(of: info.pointee) ?? PeerAddress(address: host, port: port)
                return (fd, peer)
            } catch let error as SSHError {
                lastError = error
            }
        }
        throw lastError
    }

    private static func resolve(host: String, port: Int) throws -> UnsafeMutablePointer<addrinfo> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &result)
        guard rc == 0, let result else {
            let detail = rc == EAI_SYSTEM ? String(cString: strerror(errno)) : String(cString: gai_strerror(rc))
            throw SSHError.hostNotFound(host: host, detail: detail)
        }
        return result
    }

    private static func connectOne(_ info: addrinfo, host: String, port: Int, timeout: Double) throws -> Int32 {
        let fd = socket(info.ai_family, info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
        guard fd >= 0 else {
            throw SSHError.unreachable(host: host, port: port, detail: String(cString: strerror(errno)))
        }
        var ok = false
        defer { if !ok { close(fd) } }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))

        var rc = Glibc.connect(fd, info.ai_addr, info.ai_addrlen)
        if rc != 0 && errno == EINPROGRESS {
            try SocketWait.wait(fd: fd, events: Int16(POLLOUT), timeout: timeout) {
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

    private static func peerAddress(of info: addrinfo) -> PeerAddress? {
        var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let rc = getnameinfo(info.ai_addr, info.ai_addrlen, &name, socklen_t(name.count),
                             &service, socklen_t(service.count), NI_NUMERICHOST | NI_NUMERICSERV)
        guard rc == 0 else { return nil }
        let address = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let serviceText = String(decoding: service.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return PeerAddress(address: address, port: Int(serviceText) ?? 0)
    }
}
