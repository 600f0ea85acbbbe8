import Foundation
import XCTest
import SSH
import TestSupport
import LibC

/// A bit flipped on the way from the host ends the session before any altered byte reaches the
/// reader, for each kind of integrity check: AES-GCM's tag (checked on the last of the calls ADR
/// 0037's patch makes per packet: a tag passed along as a middle block would go unchecked),
/// encrypt-then-MAC with a counter-mode cipher, and ChaCha20-Poly1305. A proxy between Drover's
/// client and the sshd flips one bit 300,000 bytes into what the host sends, inside the output of
/// a command writing a 1 MB file.
final class CipherTamperTests: XCTestCase {
    func testAFlippedBitInAnAESGCMPacketEndsTheSession() throws {
        try checkTamperingIsCaught(ciphers: "aes128-gcm@openssh.com", macs: nil)
    }

    func testAFlippedBitUnderEncryptThenMACEndsTheSession() throws {
        try checkTamperingIsCaught(ciphers: "aes128-ctr", macs: "hmac-sha2-256-etm@openssh.com")
    }

    func testAFlippedBitInAChaCha20Poly1305PacketEndsTheSession() throws {
        try checkTamperingIsCaught(ciphers: "chacha20-poly1305@openssh.com", macs: nil)
    }

    private func checkTamperingIsCaught(ciphers: String, macs: String?,
                                        file: StaticString = #filePath, line: UInt = #line) throws {
        let fixture = try SSHFixture(extraConfig: ["Ciphers \(ciphers)"] + (macs.map { ["MACs \($0)"] } ?? []))
        defer { fixture.tearDown() }
        let total = 1_000_000
        let (path, payload) = try CipherPayload.write(bytes: total, seed: ciphers, in: fixture)
        let proxy = try BitFlipProxy(target: fixture.sshd.port, flipAt: 300_000,
                                     script: fixture.sshd.directory.file("flip.py"))
        defer { proxy.tearDown() }

        let session = try fixture.session(port: proxy.port)
        XCTAssertEqual(session.negotiatedAlgorithms.ciphers, [ciphers], file: file, line: line)
        let channel = try session.exec("cat '\(path)'", pty: nil)
        var received: [UInt8] = []
        XCTAssertThrowsError(try channel.readToEnd(timeout: 60) { received += $0.stdout },
                             "\(ciphers): the altered packet was taken", file: file, line: line) { error in
            if case .timedOut? = error as? SSHError { XCTFail("\(ciphers): the reader waited instead of failing", file: file, line: line) }
        }
        XCTAssertLessThan(received.count, total, "\(ciphers): the whole file arrived", file: file, line: line)
        if let wrong = CipherPayload.firstDifference(received, payload) {
            XCTFail("\(ciphers): an altered byte reached the reader at offset \(wrong)", file: file, line: line)
        }
    }
}

/// A one-connection TCP proxy that passes everything through but flips the lowest bit of the
/// byte at `flipAt` in what the server sends.
private final class BitFlipProxy {
    let port: Int
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

    init(target: Int, flipAt: Int, script: String) throws {
        try Self.source.write(toFile: script, atomically: true, encoding: .utf8)
        let output = try PipePair()
        child = try ChildProcess("/usr/bin/python3", [script, String(target), String(flipAt)], stdout: output.write)
        close(output.write)
        defer { close(output.read) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < 64, read(output.read, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        let words = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard words.count == 2, words[0] == "listening", let port = Int(words[1]) else {
            child.terminate()
            throw TestSupportError("the bit-flipping proxy did not start (it said '\(String(decoding: line, as: UTF8.self))')")
        }
        self.port = port
    }

    func tearDown() { child.terminate() }
}
