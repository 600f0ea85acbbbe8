import Foundation
import XCTest
import Identity
import SSH
import TestSupport

/// Host key algorithms follow the pins (issue 9, item 1), against a real sshd that serves an
/// Ed25519 and an ECDSA key: a pinned ECDSA key is the one presented, as with OpenSSH's client;
/// a key of a type that is not pinned is asked about as new, naming the pin, never "changed";
/// a different key of a pinned type and a revoked key still stop.
final class HostKeyOrderTests: XCTestCase {
    private var fixture: SSHFixture!
    private var knownHosts: KnownHosts!
    private var asked: [UnknownHostKey] = []
    private var shown: [String] = []
    private let ecdsa = "ecdsa-sha2-nistp256"

    override func setUpWithError() throws {
        fixture = try SSHFixture(extraHostKeyTypes: ["ecdsa"])
        knownHosts = KnownHosts(path: fixture.sshd.directory.file("drover-home/known_hosts"))
    }

    override func tearDown() { fixture.tearDown() }

    /// Pins `line` (a public key line) for the test sshd, as a hand-edited or ssh-written file would.
    private func pin(_ line: String, revoked: Bool = false) throws {
        let key = try SSHPublicKey(line: line)
        let existing = (try? String(contentsOfFile: knownHosts.path, encoding: .utf8)) ?? ""
        try FileManager.default.createDirectory(atPath: (knownHosts.path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try (existing + (revoked ? "@revoked " : "") + "[127.0.0.1]:\(fixture.sshd.port) \(key.type) \(key.base64)\n")
            .write(toFile: knownHosts.path, atomically: true, encoding: .utf8)
    }

    /// Connects the way Drover does (pinned types first), answering `answers` then end of input.
    @discardableResult
    private func run(_ command: String, answers: [String] = []) throws -> (key: PresentedHostKey, output: String) {
        var left = answers
        let trust = HostKeyTrust(knownHosts: knownHosts) { unknown in
            self.asked.append(unknown)
            return HostKeyTrust.confirm(unknown) { text in
                self.shown.append(text)
                return left.isEmpty ? nil : left.removeFirst()
            }
        }
        let options = try SSHOptions().preferringPins(in: knownHosts, host: "127.0.0.1", port: fixture.sshd.port)
        let session = try SSHSession.open(to: fixture.endpoint, options: options, verifyHostKey: trust.verify,
                                          credentials: SSHCredentials(privateKeys: [try fixture.clientKey()]))
        return (session.hostKey, try session.run(command: command).stdout.text)
    }

    func testPinnedECDSAKeyIsPresentedByAServerThatAlsoServesEd25519() throws {
        try pin(fixture.sshd.hostPublicKeyLine(type: "ecdsa"))
        let (key, output) = try run("echo in")
        XCTAssertEqual(output, "in\n")
        XCTAssertEqual(key.keyType, ecdsa)
        XCTAssertEqual(key.fingerprint, try fixture.sshd.hostKeyFingerprint(type: "ecdsa"))
        XCTAssertEqual(asked, [], "a pinned key is not asked about")

        // OpenSSH's client agrees with the same file.
        let ssh = try Shell.execute("/usr/bin/ssh", [
            "-F", "/dev/null", "-i", fixture.keyPath, "-o", "IdentitiesOnly=yes", "-p", String(fixture.sshd.port),
            "-o", "UserKnownHostsFile=\(knownHosts.path)", "-o", "StrictHostKeyChecking=yes", "-o", "BatchMode=yes",
            "\(fixture.user)@127.0.0.1", "echo ssh-in",
        ])
        XCTAssertEqual(ssh.status, 0, ssh.stderr)
    }

    func testKeyOfAnUnpinnedTypeIsAskedAboutAsNewNamingThePin() throws {
        // A pinned ECDSA P-384 key the server does not have: it presents its Ed25519 key instead.
        let dir = try TemporaryDirectory(prefix: "drover-other-key")
        defer { dir.remove() }
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ecdsa", "-b", "384", "-N", "", "-f", dir.file("old")])
        let old = try SSHPublicKey(line: String(contentsOfFile: dir.file("old.pub"), encoding: .utf8))
        try pin(old.line)
        let marker = fixture.sshd.directory.file("must-not-exist")

        XCTAssertThrowsError(try run("touch \(marker)", answers: [""])) { error in
            guard case .hostKeyNotTrusted? = error as? SSHError else { return XCTFail("not a refusal: \(error)") }
            XCTAssertFalse("\(error)".contains("CHANGED"), "\(error)")
        }
        XCTAssertEqual(asked.count, 1)
        XCTAssertEqual(asked.first?.key.keyType, "ssh-ed25519")
        XCTAssertEqual(asked.first?.otherPins.map(\.fingerprint), [old.fingerprint])
        let question = try XCTUnwrap(shown.first)
        XCTAssertTrue(question.contains("Pinned for it: ecdsa-sha2-nistp384 \(old.fingerprint)"), question)
        XCTAssertTrue(question.contains(try fixture.sshd.hostKeyFingerprint()), question)
        XCTAssertTrue(question.contains("Type 'yes'"), question)
        XCTAssertFalse(question.contains("CHANGED"), question)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker))
        XCTAssertEqual(try knownHosts.list().map(\.fingerprint), [old.fingerprint], "nothing pinned without yes")

        let (key, output) = try run("echo in", answers: ["yes"])
        XCTAssertEqual(output, "in\n")
        XCTAssertEqual(key.keyType, "ssh-ed25519")
        XCTAssertEqual(try knownHosts.list().map(\.fingerprint), [old.fingerprint, try fixture.sshd.hostKeyFingerprint()],
                       "the new type is pinned beside the old pin")
    }

    func testChangedKeyOfAPinnedTypeStillStops() throws {
        try pin(fixture.sshd.hostPublicKeyLine())
        try pin(fixture.sshd.hostPublicKeyLine(type: "ecdsa"))
        let old = try fixture.sshd.hostKeyFingerprint()
        try fixture.sshd.replaceHostKey()   // a new Ed25519 key; the ECDSA key stays
        let new = try fixture.sshd.hostKeyFingerprint()

        XCTAssertThrowsError(try run("true", answers: ["yes"])) { error in
            XCTAssertEqual(error as? SSHError, .hostKeyChanged(host: "127.0.0.1", port: fixture.sshd.port,
                                                               keyType: "ssh-ed25519", pinned: old, presented: new))
        }
        XCTAssertEqual(asked, [], "a changed key is never offered for trust")
    }

    func testRevokedPinnedTypeStillStops() throws {
        let line = try fixture.sshd.hostPublicKeyLine(type: "ecdsa")
        try pin(line)
        try pin(line, revoked: true)
        XCTAssertThrowsError(try run("true", answers: ["yes"])) { error in
            guard case .hostKeyRevoked(_, _, let type, let fingerprint, _)? = error as? SSHError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(type, self.ecdsa)
            XCTAssertEqual(fingerprint, try? self.fixture.sshd.hostKeyFingerprint(type: "ecdsa"))
        }
        XCTAssertEqual(asked, [])
    }
}
