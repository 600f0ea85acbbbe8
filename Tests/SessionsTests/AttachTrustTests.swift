import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 9, items 1 and 2, end to end: the built `drover attach` in a tmux pane against a real
/// sshd. The trust question asks again on Enter or an unclear answer, accepts the key's own
/// fingerprint, and stops on `no`; a pinned ECDSA key is found on a host that also serves
/// Ed25519; a key of a type not pinned is asked about as new, naming the pin.
final class AttachTrustTests: XCTestCase {
    private var harness: AttachHarness!
    private let innerPrompt = "inner$"
    /// Text only the ask-again hint shows (the question's last line differs).
    private let hintText = "'no' to stop, or the fingerprint shown above"

    private func start(extraHostKeyTypes: [String] = [], sshdConfig: [String] = []) throws {
        harness = try AttachHarness(extraHostKeyTypes: extraHostKeyTypes, sshdConfig: sshdConfig)
        try harness.registerHost(command: harness.standinCommand)
        try harness.startOuterTerminal(width: 100, height: 30)
    }

    override func tearDown() {
        harness?.tearDown()
    }

    /// Writes `line` (a public key line) as the pin for the test sshd, 0600 like Drover's own.
    private func pin(_ line: String) throws {
        let fields = line.split(separator: " ")
        let path = harness.home + "/known_hosts"
        try "[127.0.0.1]:\(harness.sshd.port) \(fields[0]) \(fields[1])\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
    }

    /// A person who takes longer over the fingerprint than sshd waits for a login
    /// (LoginGraceTime, 2 minutes by default) still lands attached: the key is pinned when they
    /// say yes, and the dropped first connection is tried again once instead of reported as a
    /// network failure.
    func testAnAnswerAfterTheServerStoppedWaitingStillAttaches() throws {
        try start(sshdConfig: ["LoginGraceTime 2"])
        try harness.startAttach()
        try harness.waitFor("Type 'yes' to trust")
        XCTAssertFalse(try harness.sshd.connectionProcessIDs().isEmpty, "sshd serves the connection that asks")
        let deadline = Date().addingTimeInterval(20)
        // The connection's sshd process exits when its grace time is up (no event to await).
        while try !harness.sshd.connectionProcessIDs().isEmpty && Date() < deadline { usleep(50_000) }
        XCTAssertTrue(try harness.sshd.connectionProcessIDs().isEmpty, "sshd stopped waiting for the login")
        try harness.type("yes\n")
        try harness.waitFor(innerPrompt, timeout: 30)
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    func testEnterAsksAgainNoStopsAndTheTypedFingerprintTrusts() throws {
        try start()
        let fingerprint = try harness.sshd.hostKeyFingerprint()
        try harness.startAttach()
        try harness.waitFor(fingerprint)
        try harness.keys("Enter")
        try harness.waitFor(hintText)
        try harness.type("y\n")
        try harness.type("SHA256:not-this-key\n")
        let wrong = try harness.waitFor("That is not this key's fingerprint")
        XCTAssertTrue(AttachHarness.exitStatuses(in: wrong).isEmpty, "still asking:\n\(wrong)")
        XCTAssertFalse(try harness.drover(["pins"]).contains(fingerprint), "nothing is pinned while asking")

        try harness.type("no\n")
        let no = try harness.waitForExit(number: 1)
        XCTAssertNotEqual(no.status, 0, no.screen)
        XCTAssertFalse(try harness.drover(["pins"]).contains(fingerprint), "'no' must not pin")

        try harness.startAttach()
        try harness.waitUntil("the trust overlay again") { $0.contains("Type 'yes' to trust") && $0.contains("New host key") }
        try harness.type("\(fingerprint)\n")
        try harness.waitFor(innerPrompt)
        XCTAssertTrue(try harness.drover(["pins"]).contains(fingerprint), "the typed fingerprint pins the key")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit(number: 2).status, 0)
    }

    func testPinnedECDSAKeyOfAHostThatAlsoServesEd25519AttachesWithoutAQuestion() throws {
        try start(extraHostKeyTypes: ["ecdsa"])
        try pin(harness.sshd.hostPublicKeyLine(type: "ecdsa"))
        try harness.startAttach()
        let attached = try harness.waitFor(innerPrompt)
        XCTAssertFalse(attached.contains("CHANGED") || attached.contains("New host key"), attached)
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    func testKeyOfATypeNotPinnedIsAskedAboutAsNewNamingThePin() throws {
        try start()
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ecdsa", "-N", "", "-f", harness.scratch.file("old")])
        let oldLine = try String(contentsOfFile: harness.scratch.file("old.pub"), encoding: .utf8)
        let oldFingerprint = String(try Shell.run("/usr/bin/ssh-keygen", ["-lf", harness.scratch.file("old.pub")])
            .split(separator: " ")[1])
        try pin(oldLine)

        try harness.startAttach()
        let question = try harness.waitFor("Pinned for it:")
        XCTAssertTrue(question.contains("ecdsa-sha2-nistp256"), question)
        XCTAssertTrue(question.replacingOccurrences(of: "\n", with: "").contains(oldFingerprint.prefix(20)), question)
        XCTAssertTrue(question.contains(try harness.sshd.hostKeyFingerprint()), question)
        XCTAssertFalse(question.contains("CHANGED"), question)
        try harness.type("yes\n")
        try harness.waitFor(innerPrompt)
        let pins = try harness.drover(["pins"]), served = try harness.sshd.hostKeyFingerprint()
        XCTAssertTrue(pins.contains(oldFingerprint) && pins.contains(served), pins)
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
