import Foundation
import XCTest
import TestSupport

/// Issue 13, jump hosts end to end: the built `drover attach` in a tmux pane reaches the test
/// sshd through two jump sshds (`--jump hop1,hop2`). Each hop's key is asked about and pinned
/// on its own, the jump sshds' logs show the direct-tcpip requests, a dropped middle hop is
/// reconnected through, and a changed key on the middle hop is a hard stop naming that hop.
final class AttachJumpTests: XCTestCase {
    private var harness: AttachHarness!
    private var hops: [TestSSHD] = []

    override func setUpWithError() throws {
        harness = try AttachHarness()
        let deviceKey = try String(contentsOfFile: harness.home + "/device_ed25519.pub", encoding: .utf8)
        // DEBUG1: sshd names each direct-tcpip request and its target only from that level on.
        hops = try (0..<2).map { _ in try TestSSHD(extraConfig: ["LogLevel DEBUG1"]) }
        for (index, hop) in hops.enumerated() {
            try hop.authorize(deviceKey)
            try harness.drover(["hosts", "add", "hop\(index + 1)", "--host", "127.0.0.1", "--port", String(hop.port),
                                "--user", TestSSHD.currentUser])
        }
        try harness.registerHost(command: harness.standinCommand)
        try harness.drover(["hosts", "edit", "e2e", "--jump", "hop1,hop2"])
        try harness.startOuterTerminal(width: 120, height: 30)
    }

    override func tearDown() {
        hops.forEach { $0.tearDown() }
        harness?.tearDown()
    }

    /// Whether `sshd` logged a direct-tcpip request to 127.0.0.1 port `port`, waiting for it.
    private func forwarded(_ sshd: TestSSHD, to port: Int) -> Bool {
        sshd.waitForLog { log in
            log.split(whereSeparator: \.isNewline).contains { line in
                line.contains("server_request_direct_tcpip")
                    && line.trimmingCharacters(in: .whitespaces).hasSuffix("target 127.0.0.1 port \(port)")
            }
        }
    }

    /// Attaches and trusts hop1, hop2 and the target in that order, each asked about by its own key.
    private func attachTrustingEachHop() throws {
        try harness.startAttach()
        for sshd in hops + [harness.sshd] {
            let fingerprint = try sshd.hostKeyFingerprint()
            try harness.waitUntil("the question about \(sshd.port)") { $0.contains("Type 'yes' to trust") && $0.contains(fingerprint) }
            try harness.type("yes\n")
        }
        try harness.waitFor("inner$")
    }

    func testAttachThroughTwoJumpHostsPinsEachHopAndReconnectsThroughThem() throws {
        try attachTrustingEachHop()
        XCTAssertTrue(forwarded(hops[0], to: hops[1].port), "hop1 opened the way to hop2:\n\(hops[0].log)")
        XCTAssertTrue(forwarded(hops[1], to: harness.sshd.port), "hop2 opened the way to the target:\n\(hops[1].log)")
        let pins = try harness.drover(["pins"])
        for sshd in hops + [harness.sshd] {
            XCTAssertTrue(pins.contains(try sshd.hostKeyFingerprint()), "each hop is pinned on its own:\n\(pins)")
        }

        // The middle hop goes away and comes back: the front host reconnects through it.
        try hops[1].stopAndDropConnections()
        try harness.waitFor("reconnecting")
        try hops[1].restart()
        try harness.type("echo back-$((40+2))\n")
        try harness.waitFor("back-42", timeout: 60)
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    func testAChangedKeyOnTheMiddleHopIsAHardStopNamingThatHop() throws {
        try attachTrustingEachHop()
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)

        try hops[1].replaceHostKey()
        try harness.startAttach()
        let (status, screen) = try harness.waitForExit(number: 2)
        XCTAssertEqual(status, 1, screen)
        let joined = screen.replacingOccurrences(of: "\n", with: "")
        XCTAssertTrue(joined.contains("jump host hop2: HOST KEY CHANGED for 127.0.0.1:\(hops[1].port)"), screen)
        XCTAssertFalse(joined.contains("Type 'yes' to trust"), "a changed key is never asked about")
        let requests = hops[1].log.split(whereSeparator: \.isNewline).filter { $0.contains("server_request_direct_tcpip") }
        XCTAssertEqual(requests.count, 1, "nothing went past the changed hop the second time")
    }
}
