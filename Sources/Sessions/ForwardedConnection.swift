import LibC
import SSH

/// One connection accepted on a forward's listening socket, and the `direct-tcpip` channel
/// that carries it. Each direction has a bounded buffer (`capacity`): a side is read only
/// while the buffer towards the other side has room, so a fast sender waits for a slow
/// receiver instead of making Drover hold its data. Loop thread only; never blocks.
final class ForwardedConnection {
    static let capacity = 64 * 1024
    let socket: Int32
    var channel: SSHForwardChannel?
    private(set) var toRemote: [UInt8] = []
    private(set) var toLocal: [UInt8] = []
    private(set) var localEnded = false
    private(set) var remoteEnded = false
    private var endSent = false
    /// Set once either side failed or both ended: the owner drops the connection.
    private(set) var finished = false

    init(socket: Int32) {
        self.socket = socket
    }

    deinit { close(socket) }

    /// What the local socket should be watched for now.
    var localInterest: (read: Bool, write: Bool) {
        (!localEnded && !finished && toRemote.count < Self.capacity, !toLocal.isEmpty && !finished)
    }

    /// Whether bytes wait for the channel (the session's socket must be watched for writing).
    var waitsForRemote: Bool { !toRemote.isEmpty || (localEnded && !endSent) }

    /// Reads what the local side sent (up to the room left) and writes what the remote sent.
    func serviceLocal(scratch: UnsafeMutableRawBufferPointer) {
        while !finished && !localEnded && toRemote.count < Self.capacity {
            let room = min(scratch.count, Self.capacity - toRemote.count)
            let n = read(socket, scratch.baseAddress, room)
            if n > 0 { toRemote.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<n])); continue }
            if n == 0 { localEnded = true; break }
            if errno == EINTR { continue }
            if errno != EAGAIN && errno != EWOULDBLOCK { finished = true }
            break
        }
        writeLocal()
    }

    /// Moves bytes between the channel and the buffers; throws when the session is lost.
    /// Reads the channel until libssh2 has nothing more, the local side stops taking bytes,
    /// or `budget` bytes were read; returns true in the last case (libssh2 may hold more that
    /// no socket event will announce, so the caller pumps again soon).
    func serviceRemote(scratch: UnsafeMutableRawBufferPointer, budget: Int) throws -> Bool {
        guard let channel, !finished else { return false }
        var read = 0
        // A read whose window adjust libssh2 holds half sent must be repeated even with the
        // buffer full, or no other channel can send: the buffer then overshoots by a byte.
        while !remoteEnded && (toLocal.count < Self.capacity || channel.holdsSessionTurn) && read < budget {
            let room = UnsafeMutableRawBufferPointer(rebasing: scratch[0..<min(scratch.count, max(1, Self.capacity - toLocal.count))])
            guard let n = try channel.read(into: room) else { remoteEnded = true; break }
            if n == 0 { break }
            read += n
            toLocal.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<n]))
            writeLocal()
        }
        while !toRemote.isEmpty {
            let n = try toRemote.withUnsafeBytes { try channel.write($0) }
            if n <= 0 { break }
            toRemote.removeFirst(n)
        }
        if localEnded && toRemote.isEmpty && !endSent { endSent = try channel.sendEOF() }
        writeLocal()
        // The far end closed and everything it sent is delivered: the local side hears the end.
        if remoteEnded && toLocal.isEmpty { finished = true }
        return read >= budget && !finished
    }

    private func writeLocal() {
        while !toLocal.isEmpty && !finished {
            let n = toLocal.withUnsafeBytes { sendWithoutSignal(socket, $0.baseAddress, $0.count) }
            if n > 0 { toLocal.removeFirst(n); continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno != EAGAIN && errno != EWOULDBLOCK { finished = true }
            break
        }
    }
}
