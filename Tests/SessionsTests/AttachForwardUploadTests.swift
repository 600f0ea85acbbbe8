import Foundation
import XCTest
import TestSupport
import LibC

/// libssh2 sends one packet at a time per session: once a write returned EAGAIN with its packet
/// half sent, any other write on the session fails (LIBSSH2_ERROR_BAD_USE) until that one is
/// finished. Two forwards uploading megabytes while keys are typed make every kind of writer
/// meet a half-sent packet; the link must carry all of it without dropping (one login only).
/// The link is a shaped one (512 KiB/s), so the session's socket really fills: on bare loopback
/// sshd drains it too fast for a packet ever to stay half sent.
final class AttachForwardUploadTests: XCTestCase {
    private var harness: AttachHarness!
    private var shaper: LinkShaper!
    private var sink: ChildProcess?
    private var client: ChildProcess?

    override func setUpWithError() throws {
        harness = try AttachHarness()
        shaper = try LinkShaper(target: harness.sshd.port, rateKiB: 512)
        try harness.registerHost(port: shaper.port, command: harness.standinCommand)
        try harness.startOuterTerminal(width: 120, height: 30)
    }

    override func tearDown() {
        client?.terminate()
        sink?.terminate()
        shaper?.tearDown()
        harness?.tearDown()
    }

    /// A server on the host's side that answers each connection, after its end, with the byte
    /// count and SHA-256 of what it received. Its first line is its port, printed once it listens.
    private func startSink() throws -> Int {
        let script = """
            import hashlib, socket, threading
            listener = socket.create_server(("127.0.0.1", 0))
            print(listener.getsockname()[1], flush=True)
            def serve(conn):
                digest, total = hashlib.sha256(), 0
                while True:
                    piece = conn.recv(65536)
                    if not piece: break
                    digest.update(piece); total += len(piece)
                conn.sendall(("%d %s\\n" % (total, digest.hexdigest())).encode())
                conn.close()
            while True:
                conn, _ = listener.accept()
                threading.Thread(target=serve, args=(conn,), daemon=True).start()
            """
        let (process, line) = try startPrintingFirstLine(["-c", script])
        sink = process
        guard let port = Int(line) else { throw TestSupportError("the sink did not start: '\(line)'") }
        return port
    }

    private func startPrintingFirstLine(_ arguments: [String]) throws -> (ChildProcess, String) {
        let pipe = try PipePair()
        let process = try ChildProcess("/usr/bin/python3", arguments, stdout: pipe.write)
        close(pipe.write)
        defer { close(pipe.read) }
        var line = ""
        var byte: UInt8 = 0
        while LibC.read(pipe.read, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(Character(UnicodeScalar(byte))) }
        return (process, line)
    }

    func testTwoForwardUploadsAndTypedKeysShareTheSessionWithoutADrop() throws {
        let remotePort = try startSink()
        let first = try TestSSHD.freePort()
        var second = try TestSSHD.freePort()
        while second == first { second = try TestSSHD.freePort() }
        try harness.attachTrusting(until: "inner$", options: "--forward 127.0.0.1:\(first):127.0.0.1:\(remotePort) "
                                   + "--forward 127.0.0.1:\(second):127.0.0.1:\(remotePort)")
        let results = harness.scratch.file("uploads.txt")
        // Uploads 1.5 MB through each forward at once; says "sending" after the first 256 KB,
        // then writes both answers to a file when the sink has confirmed them.
        let script = """
            import hashlib, socket, sys, threading
            size = 1_500_000
            data = bytes((i * 31 + 7) & 0xff for i in range(size))
            started = threading.Barrier(3)
            answers = {}
            def upload(port):
                s = socket.create_connection(("127.0.0.1", port), timeout=120)
                s.sendall(data[:256_000]); started.wait()
                s.sendall(data[256_000:]); s.shutdown(socket.SHUT_WR)
                answer = b""
                while not answer.endswith(b"\\n"):
                    piece = s.recv(100)
                    if not piece: break
                    answer += piece
                answers[port] = answer.decode().strip()
            threads = [threading.Thread(target=upload, args=(int(p),)) for p in sys.argv[1:3]]
            for t in threads: t.start()
            started.wait(); print("sending", flush=True)
            for t in threads: t.join()
            expected = "%d %s" % (size, hashlib.sha256(data).hexdigest())
            with open(sys.argv[3], "w") as f:
                f.write("".join("%s\\n" % ("ok" if answers.get(int(p)) == expected else "bad " + str(answers.get(int(p))))
                                for p in sys.argv[1:3]))
            """
        let (process, line) = try startPrintingFirstLine(["-c", script, String(first), String(second), results])
        client = process
        XCTAssertEqual(line, "sending")
        // Keys (and the echo they bring back) while both uploads fill the session's socket.
        for round in 0..<12 { try harness.type("echo typed-$((\(round)*1000+7))\n") }
        try harness.waitFor("typed-11007", timeout: 90)
        XCTAssertEqual(process.wait(), 0)
        XCTAssertEqual(try String(contentsOfFile: results, encoding: .utf8), "ok\nok\n", "both uploads arrive whole")
        let screen = try harness.screen()
        XCTAssertFalse(screen.contains("reconnecting"), screen)
        let logins = harness.sshd.log.components(separatedBy: "Accepted publickey").count - 1
        XCTAssertEqual(logins, 1, "the link never dropped: \(harness.sshd.log)")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
