import LibC
import SSH
@testable import Sessions

/// A connection for driving a real `LinkDriver` without sshd: its terminal channel is a
/// `HostStreamTests.FakeTransport`, and its "socket" one end of a socket pair, so the loop's
/// watch fires when the test makes the host say something (`hostSays`).
final class FakeLinkConnection: LinkConnection {
    let link = HostStreamTests.FakeTransport()
    private let ends: (Int32, Int32)
    private(set) var closed = false
    /// How many times the driver read the terminal channel.
    var reads: Int { counter.reads }
    private let counter = ReadCounter()
    /// How the remote command ended, handed to the closer's `done`.
    var exit: SSHExit?

    init() {
        guard let pair = socketPairClosedOnExec() else { fatalError("socketpair: errno \(errno)") }
        ends = pair
    }

    deinit {
        LibC.close(ends.0)
        LibC.close(ends.1)
    }

    /// The host sends `text`: it waits in the channel, and the socket becomes readable.
    func hostSays(_ text: String) {
        link.incoming.append(Array(text.utf8))
        var byte: UInt8 = 1
        _ = send(ends.1, &byte, 1, 0)
    }

    /// What the host received on its terminal channel.
    var received: String { link.text }

    var terminalTransport: any HostTransport { DrainingTransport(link: link, socket: ends.0, counter: counter) }
    var requestedSize: (columns: Int, rows: Int)? { nil }
    var socketDescriptor: Int32 { ends.0 }
    var forwardingSession: SSHSession? { nil }
    var waitsToSend: Bool { false }
    var hasPendingSend: Bool { false }
    var hasBufferedInput: Bool { false }
    /// What each step of a receipt probe finds, in order; none left: no probe goes out (a test
    /// proves keys itself, `HostStream.proven(through:)`). An answer here comes without the
    /// socket waking, as when libssh2 read it during another call.
    var probeSteps: [SSHChannel.ReceiptProbe] = []
    func stepReceiptProbe() throws -> SSHChannel.ReceiptProbe { probeSteps.isEmpty ? .notSent : probeSteps.removeFirst() }
    func configureKeepalive(interval: Int) {}
    func sendKeepalive() throws -> Int { 15 }
    func close(through closer: SessionCloser, done: ((SSHExit?) -> Void)?) {
        closed = true
        done?(exit)
    }

    func reset() {
        closed = true
    }

    private final class ReadCounter {
        var reads = 0
    }

    /// The channel's reads also take the wake-up bytes off the socket, as a real read does.
    private final class DrainingTransport: HostTransport {
        let link: HostStreamTests.FakeTransport
        let socket: Int32
        let counter: ReadCounter
        init(link: HostStreamTests.FakeTransport, socket: Int32, counter: ReadCounter) {
            self.link = link
            self.socket = socket
            self.counter = counter
        }

        func readAvailable(limit: Int, onData: (UnsafeRawBufferPointer, Bool) throws -> Bool)
            throws -> (reachedEOF: Bool, hasMore: Bool) {
            counter.reads += 1
            var scratch = [UInt8](repeating: 0, count: 64)
            while recv(socket, &scratch, scratch.count, Int32(MSG_DONTWAIT)) > 0 {}
            return try link.readAvailable(limit: limit, onData: onData)
        }
        func write(_ bytes: ArraySlice<UInt8>) throws -> Int { try link.write(bytes) }
        func resize(columns: Int, rows: Int) throws -> Bool { try link.resize(columns: columns, rows: rows) }
        var mayRead: Bool { link.mayRead }
        var receivedEOF: Bool { link.receivedEOF }
    }
}
