import Foundation
import XCTest
import TestSupport
import LibC

/// Focus reports end to end (issue 27): a host whose program turned on `?1004` gets the local
/// terminal's focus in/out as they come, a focus-out when another host is brought forward and a
/// focus-in when it comes back; a host that did not ask gets none.
final class AttachFocusTests: XCTestCase {
    private var harness: AttachHarness!
    private var secondSSHD: TestSSHD!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        secondSSHD = try TestSSHD()
        try secondSSHD.authorize(String(contentsOfFile: harness.home + "/device_ed25519.pub", encoding: .utf8))
        try harness.startOuterTerminal(width: 100, height: 30)
    }

    override func tearDown() {
        secondSSHD?.tearDown()
        harness?.tearDown()
    }

    /// The host program: turns focus reports on if `ask` is `1004`, then shows every read as `RX <hex>`.
    private func installRecorder(_ name: String, ask: Bool) throws -> String {
        let path = harness.scratch.file("bin/\(name)")
        try """
            #!/usr/bin/python3
            import os, sys, tty
            out = sys.stdout.buffer
            tty.setraw(0)
            out.write(\(ask ? "b\"\\x1b[?1004h\" + " : "")b"READY \(name)\\r\\n")
            out.flush()
            while True:
                chunk = os.read(0, 1024)
                if not chunk:
                    break
                out.write(b"RX " + chunk.hex().encode() + b"\\r\\n")
                out.flush()

            """.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return "exec " + path
    }

    func testAFocusingHostHearsTheLocalFocusAndLosesItWhenSwitchedAway() throws {
        try harness.registerHost(named: "a", command: installRecorder("focusing", ask: true))
        try harness.registerHost(named: "b", port: secondSSHD.port, command: installRecorder("plain", ask: false))
        try harness.startAttach(hosts: ["a", "b"])
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("READY focusing")

        // The local terminal's own reports pass through (tmux's pane takes them as input).
        try harness.sendBytes(Array("\u{1B}[O\u{1B}[I".utf8))
        try harness.waitUntil("focus out and in") { AttachHarness.receivedHex(in: $0) == "1b5b4f" + "1b5b49" }

        try harness.keys("C-]", "n")
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("READY plain")
        try harness.sendBytes(Array("\u{1B}[O".utf8))
        try harness.type("x")
        try harness.waitUntil("b's x") { AttachHarness.receivedHex(in: $0) == "78" }

        try harness.keys("C-]", "p")
        let screen = try harness.waitUntil("a with its focus-out and focus-in") {
            AttachHarness.receivedHex(in: $0).hasPrefix("1b5b4f" + "1b5b49" + "1b5b4f" + "1b5b49")
        }
        XCTAssertEqual(AttachHarness.receivedHex(in: screen), "1b5b4f1b5b49" + "1b5b4f1b5b49",
                       "out when b came forward, in when a came back, and nothing of b's:\n\(screen)")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
