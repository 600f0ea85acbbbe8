import Foundation
import LibC

/// A one-connection TCP proxy that passes everything through but flips the lowest bit of the
/// byte at `flipAt` in what the server sends.
public final class BitFlipProxy {
    public let port: Int
    private let child: ChildProcess

    private static let source = """
        import socket, sys, threading
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        print("listening", listener.getsockname()[1], flush=True)
        client, _ = listener.accept()
        server = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
        flip_at = int(sys.argv[2])
        def up():
            try:
                while data := client.recv(65536):
                    server.sendall(data)
                server.shutdown(socket.SHUT_WR)
            except OSError:
                pass
        threading.Thread(target=up, daemon=True).start()
        seen = 0
        try:
            while data := server.recv(65536):
                if seen <= flip_at < seen + len(data):
                    changed = bytearray(data)
                    changed[flip_at - seen] ^= 1
                    data = bytes(changed)
                seen += len(data)
                client.sendall(data)
            client.shutdown(socket.SHUT_WR)
        except OSError:
            pass

        """

    /// Starts the proxy (its Python source written to `script`) in front of 127.0.0.1:`target`.
    public init(target: Int, flipAt: Int, script: String) throws {
        try Self.source.write(toFile: script, atomically: true, encoding: .utf8)
        (child, port) = try ListeningLine.startPython([script, String(target), String(flipAt)], name: "the bit-flipping proxy",
                                                       byHand: "run 'python3 \(script) \(target) \(flipAt)' by hand to see why")
    }

    public func tearDown() { child.terminate() }
}
