import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 13, local port forwarding end to end: `drover attach e2e --forward
/// 127.0.0.1:LPORT:127.0.0.1:RPORT` in a tmux pane reaches a Python HTTP server on the host's
/// side, two connections at once work, and the forward keeps working after a reconnect (the
/// listener stays; the new session carries new connections).
final class AttachForwardTests: XCTestCase {
    private var harness: AttachHarness!
    private var server: LocalHTTPServer?
    private var served: TemporaryDirectory!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.registerHost(command: harness.standinCommand)
        try harness.startOuterTerminal(width: 120, height: 30)
        served = try TemporaryDirectory(prefix: "drover-forward")
        try "hello through the forward\n".write(toFile: served.file("hello.txt"), atomically: true, encoding: .utf8)
        // Far more than the 64 KiB each direction buffers and any channel window.
        try Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: URL(fileURLWithPath: served.file("big.bin")))
    }

    override func tearDown() {
        server?.stop()
        served?.remove()
        harness?.tearDown()
    }

    /// The local HTTP server, serving served; returns its port.
    private func startHTTPServer() throws -> Int {
        let started = try LocalHTTPServer(serving: served.path)
        server = started
        return started.port
    }

    /// Opens two connections to the forward, completes a request on the second while the first
    /// is still open, then on the first; prints both bodies.
    private func fetchTwiceConcurrently(port: Int) throws -> String {
        let script = """
            import socket, sys
            def get(s):
                s.sendall(b"GET /hello.txt HTTP/1.0\\r\\n\\r\\n")
                data = b""
                while True:
                    piece = s.recv(65536)
                    if not piece: return data
                    data += piece
            port = int(sys.argv[1])
            first = socket.create_connection(("127.0.0.1", port), timeout=20)
            second = socket.create_connection(("127.0.0.1", port), timeout=20)
            for s in (second, first):
                print(get(s).decode().split("\\r\\n\\r\\n", 1)[1], end="")
            """
        return try Shell.run("/usr/bin/python3", ["-c", script, String(port)])
    }

    /// Fetches big.bin through the forward; returns its SHA-256 as hex and its size.
    private func fetchBig(port: Int) throws -> String {
        let script = """
            import hashlib, sys, urllib.request
            body = urllib.request.urlopen("http://127.0.0.1:%s/big.bin" % sys.argv[1], timeout=60).read()
            print(len(body), hashlib.sha256(body).hexdigest())
            """
        return try Shell.run("/usr/bin/python3", ["-c", script, String(port)]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testAForwardReachesTheHTTPServerTwiceAtOnceAndAfterAReconnect() throws {
        let remotePort = try startHTTPServer()
        let localPort = try TestSSHD.freePort()
        try harness.attachTrusting(until: "inner$", options: "--forward 127.0.0.1:\(localPort):127.0.0.1:\(remotePort)")
        let expected = "hello through the forward\nhello through the forward\n"
        XCTAssertEqual(try fetchTwiceConcurrently(port: localPort), expected)
        let digest = try Shell.run("/usr/bin/sha256sum", [served.file("big.bin")]).split(separator: " ")[0]
        XCTAssertEqual(try fetchBig(port: localPort), "3000000 \(digest)", "3 MB arrive whole, through the bounded buffers")

        try harness.sshd.stopAndDropConnections()
        try harness.waitFor("reconnecting")
        try harness.sshd.restart()
        try harness.type("echo back-$((40+2))\n")
        try harness.waitFor("back-42", timeout: 60)
        XCTAssertEqual(try fetchTwiceConcurrently(port: localPort), expected, "the listener stayed; the new session carries it")
        // The host list names the forward and what it carries now (both fetches are done).
        try harness.openHostList(until: "the forward in the host list") {
            $0.contains("forwards \(localPort) ") && $0.contains("127.0.0.1:\(remotePort) (0 open)")
        }
        try harness.escape()
        try harness.keys("C-]", "d")
        let (status, screen) = try harness.waitForExit()
        XCTAssertEqual(status, 0)
        // The reattach hint repeats the forward as given, so it opens again.
        XCTAssertTrue(screen.replacingOccurrences(of: "\n", with: "")
            .contains("-L 127.0.0.1:\(localPort):127.0.0.1:\(remotePort)'"), screen)
    }

    func testAPublicBindIsRefusedWithoutForwardPublic() throws {
        try harness.startAttach(options: "--forward 0.0.0.0:8080:localhost:80")
        let (status, screen) = try harness.waitForExit()
        XCTAssertEqual(status, 2, screen)
        XCTAssertTrue(screen.replacingOccurrences(of: "\n", with: "").contains("--forward-public"), screen)
    }
}
