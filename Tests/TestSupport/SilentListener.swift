import Foundation
import LibC

/// A loopback TCP listener that never accepts, so nothing ever answers on it: the kernel
/// completes a client's TCP handshake, and an SSH client then waits for a banner that never comes.
///
/// `fillBacklog()` makes the kernel drop further SYNs (listen backlog 0 and one queued
/// connection), so a new connect stays pending: a local stand-in for a black-holed address.
public final class SilentListener {
    public let fd: Int32
    public let port: Int
    private var fillers: [Int32] = []

    public init(backlog: Int32) throws {
        let fd = socket(AF_INET, streamSocketType, 0)
        guard fd >= 0 else { throw TestSupportError("socket failed") }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, backlog) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { close(fd); throw TestSupportError("bind/listen failed") }
        self.fd = fd
        port = Int(UInt16(bigEndian: addr.sin_port))
    }

    /// Connects (without accepting) until a connect no longer completes within `wait` seconds.
    public func fillBacklog(wait: Int32 = 200) throws {
        for _ in 0..<8 {
            let client = socket(AF_INET, streamSocketType, 0)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            fillers.append(client)
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr)
            _ = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            var pfd = pollfd(fd: client, events: Int16(POLLOUT), revents: 0)
            if poll(&pfd, 1, wait) == 0 { return }   // this SYN was dropped: the queue is full
        }
        throw TestSupportError("the listen queue never filled")
    }

    /// On a background thread: accepts one connection, writes `reply`, and closes it
    /// (a server that is not an SSH server).
    public func answerOnceAndClose(_ reply: String) {
        let listening = fd
        Thread.detachNewThread {
            let client = accept(listening, nil, nil)
            guard client >= 0 else { return }
            _ = Array(reply.utf8).withUnsafeBytes { sendWithoutSignal(client, $0.baseAddress, $0.count) }
            close(client)
        }
    }

    /// Waits until a client's connection is queued (the listening socket turns readable).
    public func waitForConnection(timeout: Int32 = 10_000) throws {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, timeout) == 1 else { throw TestSupportError("nobody connected to the silent listener") }
    }

    deinit {
        fillers.forEach { close($0) }
        close(fd)
    }
}
