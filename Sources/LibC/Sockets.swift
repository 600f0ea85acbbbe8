#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `SOCK_STREAM` as the `Int32` that `socket(2)` and `addrinfo` take (Glibc imports it as an
/// enum case, the others as a plain integer).
public var streamSocketType: Int32 {
    #if canImport(Glibc)
    Int32(SOCK_STREAM.rawValue)
    #else
    SOCK_STREAM
    #endif
}

/// A socket that is closed in any program Drover starts, so a child never holds a connection
/// open. Linux sets the flag atomically with `SOCK_CLOEXEC`; elsewhere `FD_CLOEXEC` is set
/// right after, and Darwin's socket also gets `SO_NOSIGPIPE` (what `MSG_NOSIGNAL` does per
/// call on Linux), so no write to it can raise SIGPIPE.
public func socketClosedOnExec(family: Int32, type: Int32, protocol proto: Int32) -> Int32 {
    #if canImport(Glibc)
    return socket(family, type | Int32(SOCK_CLOEXEC.rawValue), proto)
    #elseif canImport(Musl)
    return socket(family, type | SOCK_CLOEXEC, proto)
    #else
    let fd = socket(family, type, proto)
    guard fd >= 0 else { return fd }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    var one: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    return fd
    #endif
}

/// `send(2)` that fails with EPIPE instead of raising SIGPIPE when the peer has gone, whatever
/// the process's SIGPIPE disposition is.
public func sendWithoutSignal(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc) || canImport(Musl)
    return send(fd, buffer, count, Int32(MSG_NOSIGNAL))
    #else
    var one: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    return send(fd, buffer, count, 0)
    #endif
}

/// `accept(2)` whose connection is non-blocking and closed in any program Drover starts, with
/// no window in between on Linux: `accept4` sets both flags atomically, so a thread spawning a
/// clipboard tool meanwhile cannot inherit the connection. (Swift's Glibc module leaves out the
/// GNU declaration, so the symbol is looked up.) Elsewhere the flags are set right after.
/// -1 when nothing waits or on error (errno says which).
public func acceptNonBlockingClosedOnExec(_ listener: Int32) -> Int32 {
    #if canImport(Glibc) || canImport(Musl)
    typealias Accept4 = @convention(c) (Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "accept4") {
        #if canImport(Glibc)
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let flags = SOCK_NONBLOCK | SOCK_CLOEXEC
        #endif
        return unsafeBitCast(symbol, to: Accept4.self)(listener, nil, nil, flags)
    }
    #endif
    let fd = accept(listener, nil, nil)
    guard fd >= 0 else { return fd }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    guard fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else {
        close(fd)
        return -1
    }
    #if canImport(Darwin)
    var one: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return fd
}

/// A non-blocking stream connection to the Unix socket at `path`, closed in any program Drover
/// starts (an ssh-agent's `SSH_AUTH_SOCK`); -1 when it cannot be made (errno says why; a path
/// too long for `sun_path` is ENAMETOOLONG). A Unix socket connects at once on Linux; where
/// the connect is still in progress (EINPROGRESS) the descriptor is returned and writes wait.
public func connectNonBlockingUnixSocket(_ path: String) -> Int32 {
    var address = sockaddr_un()
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
        errno = ENAMETOOLONG
        return -1
    }
    address.sun_family = sa_family_t(AF_UNIX)
    #if canImport(Darwin)
    address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
    #endif
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let fd = socketClosedOnExec(family: AF_UNIX, type: streamSocketType, protocol: 0)
    guard fd >= 0 else { return -1 }
    let rc = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
            guard fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0 else { return -1 }
            return connect(fd, pointer, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    guard rc == 0 || errno == EINPROGRESS else {
        let code = errno
        close(fd)
        errno = code
        return -1
    }
    return fd
}
