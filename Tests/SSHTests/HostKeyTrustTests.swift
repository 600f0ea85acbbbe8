import Foundation
import XCTest
import SSH
import Identity
import TestSupport

/// Trust on first use with typed confirmation, pinned matches, changed keys as a hard stop,
/// and `pins forget` making it ask again, all against the real sshd.
final class HostKeyTrustTests: XCTestCase {
    private var fixture: SSHFixture!
    private var knownHosts: KnownHosts!
    private var asked: [PresentedHostKey] = []
    /// Every text shown to the person (questions and hints), in order.
    private var shown: [String] = []

    override func setUpWithError() throws {
        fixture = try SSHFixture()
        knownHosts = KnownHosts(path: fixture.sshd.directory.file("drover-home/known_hosts"))
    }

    override func tearDown() { fixture.tearDown() }

    private func trust(answer: String?) -> HostKeyTrust {
        HostKeyTrust(knownHosts: knownHosts) { unknown in
            self.asked.append(unknown.key)
            var answers = [answer]   // then end of input
            return HostKeyTrust.confirm(unknown) { text in
                self.shown.append(text)
                return answers.isEmpty ? nil : answers.removeFirst()
            }
        }
    }

    /// Connects with `trust`, then runs `command`; returns its stdout.
    @discardableResult
    private func run(_ command: String, answer: String?) throws -> String {
        let session = try SSHSession.open(to: fixture.endpoint, verifyHostKey: trust(answer: answer).verify,
                                          credentials: SSHCredentials(privateKeys: [try fixture.clientKey()]))
        return try session.run(command: command).stdout.text
    }

    func testFirstContactAsksAndPinsOnlyAfterYes() throws {
        XCTAssertEqual(try run("echo in", answer: "yes"), "in\n")
        XCTAssertEqual(asked.count, 1)
        XCTAssertEqual(asked.first?.fingerprint, try fixture.sshd.hostKeyFingerprint())
        XCTAssertEqual(asked.first?.keyType, "ssh-ed25519")
        let pins = try knownHosts.list()
        XCTAssertEqual(pins.map(\.fingerprint), [try fixture.sshd.hostKeyFingerprint()])
        XCTAssertEqual(pins.first?.port, fixture.sshd.port)

        XCTAssertEqual(try run("echo again", answer: nil), "again\n", "a pinned key connects without asking")
        XCTAssertEqual(asked.count, 1)
    }

    func testAnswerOtherThanYesPinsNothingAndSendsNothing() throws {
        let marker = fixture.sshd.directory.file("must-not-exist")
        for answer in ["", "y", "no", nil] as [String?] {
            XCTAssertThrowsError(try run("touch \(marker)", answer: answer)) { error in
                guard case .hostKeyNotTrusted? = error as? SSHError else { return XCTFail("\(error)") }
            }
        }
        XCTAssertEqual(asked.count, 4)
        XCTAssertEqual(shown.filter { $0.hasPrefix(TrustAnswer.hint) }.count, 2,
                       "'' and 'y' ask again (then the input ends); 'no' and the end of input stop")
        XCTAssertEqual(try knownHosts.list(), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker))
        XCTAssertFalse(fixture.sshd.log.contains("Accepted"), "no login was attempted")
    }

    func testChangedHostKeyIsRefusedAndNothingIsSent() throws {
        try run("true", answer: "yes")
        let old = try fixture.sshd.hostKeyFingerprint()
        try fixture.sshd.replaceHostKey()
        let new = try fixture.sshd.hostKeyFingerprint()
        let marker = fixture.sshd.directory.file("must-not-exist")
        let loginsBefore = fixture.sshd.log.components(separatedBy: "Accepted").count

        XCTAssertThrowsError(try run("touch \(marker)", answer: "yes")) { error in
            XCTAssertEqual(error as? SSHError, .hostKeyChanged(host: "127.0.0.1", port: fixture.sshd.port,
                                                               keyType: "ssh-ed25519", pinned: old, presented: new))
            let message = "\(error)"
            XCTAssertTrue(message.contains("HOST KEY CHANGED"), message)
            XCTAssertTrue(message.contains(old) && message.contains(new), message)
            XCTAssertTrue(message.contains("drover pins forget 127.0.0.1:\(fixture.sshd.port)"), message)
        }
        XCTAssertEqual(asked.count, 1, "a changed key is never offered for trust")
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker))
        XCTAssertEqual(fixture.sshd.log.components(separatedBy: "Accepted").count, loginsBefore,
                       "no login was attempted on the new server")
        XCTAssertEqual(try knownHosts.list().map(\.fingerprint), [old], "the old pin stays")
    }

    func testRevokedHostKeyIsRefusedBeforeLoginEvenWhenPinned() throws {
        try run("true", answer: "yes")
        let served = try SSHPublicKey(line: fixture.sshd.hostPublicKeyLine())
        let pinned = try String(contentsOfFile: knownHosts.path, encoding: .utf8)
        try pinned.appending("@revoked [127.0.0.1]:\(fixture.sshd.port) \(served.type) \(served.base64)\n")
            .write(toFile: knownHosts.path, atomically: true, encoding: .utf8)
        let marker = fixture.sshd.directory.file("must-not-exist")
        let loginsBefore = fixture.sshd.log.components(separatedBy: "Accepted").count

        XCTAssertThrowsError(try run("touch \(marker)", answer: "yes")) { error in
            XCTAssertEqual(error as? SSHError, .hostKeyRevoked(host: "127.0.0.1", port: fixture.sshd.port,
                                                               keyType: "ssh-ed25519", fingerprint: served.fingerprint,
                                                               file: knownHosts.path))
            let message = "\(error)"
            XCTAssertTrue(message.contains("REVOKED") && message.contains(served.fingerprint), message)
            XCTAssertTrue(message.contains("@revoked") && message.contains(knownHosts.path), message)
            XCTAssertTrue(message.contains("drover pins forget 127.0.0.1:\(fixture.sshd.port)"), message)
        }
        XCTAssertEqual(asked.count, 1, "a revoked key is never offered for trust")
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker))
        XCTAssertEqual(fixture.sshd.log.components(separatedBy: "Accepted").count, loginsBefore,
                       "no login was attempted")
    }

    func testForgettingThePinMakesItAskAgain() throws {
        try run("true", answer: "yes")
        try fixture.sshd.replaceHostKey()
        XCTAssertThrowsError(try run("true", answer: "yes"))
        XCTAssertEqual(try knownHosts.remove(host: "127.0.0.1", port: fixture.sshd.port).count, 1)

        XCTAssertEqual(try run("echo back", answer: "yes"), "back\n")
        XCTAssertEqual(asked.count, 2)
        XCTAssertEqual(try knownHosts.list().map(\.fingerprint), [try fixture.sshd.hostKeyFingerprint()])
    }

    func testQuestionShowsHostKeyTypeFingerprintAndAsksForYes() throws {
        let session = try SSHSession.connect(to: fixture.endpoint)
        let text = UnknownHostKey(key: session.hostKey).question
        XCTAssertTrue(text.contains("127.0.0.1:\(fixture.sshd.port)"), text)
        XCTAssertTrue(text.contains("ssh-ed25519"), text)
        XCTAssertTrue(text.contains(try fixture.sshd.hostKeyFingerprint()), text)
        XCTAssertTrue(text.contains("'yes'"), text)
        // Another port than 22 is most likely another sshd than the system's, whose key is
        // elsewhere: no /etc/ssh file is named, but how to find the one that sshd serves.
        XCTAssertTrue(text.contains("HostKey named in the config of the sshd that port \(fixture.sshd.port) leads to"), text)
        XCTAssertTrue(text.contains("'sshd -T -f THAT_CONFIG | grep -i hostkey'"), text)
        XCTAssertFalse(text.contains("/etc/ssh/"), text)
        let onTwentyTwo = PresentedHostKey(host: "box", port: 22, peer: session.hostKey.peer, keyType: session.hostKey.keyType,
                                           blob: session.hostKey.blob, fingerprint: session.hostKey.fingerprint)
        let system = UnknownHostKey(key: onTwentyTwo).question
        XCTAssertTrue(system.contains("(ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub)."), system)
        XCTAssertFalse(system.contains("HostKey"), system)
    }

    /// Issue 32: a host whose registry entry names its key file gets that file in the question;
    /// when the host is this computer, the file's fingerprint read here stands beside the
    /// presented one (equal, of another type, or different: each said as it is).
    func testAKnownKeyFileIsNamedAndReadHereWhenTheHostIsThisComputer() throws {
        let session = try SSHSession.connect(to: fixture.endpoint)
        let pub = fixture.sshd.hostKeyPath + ".pub"
        var unknown = UnknownHostKey(key: session.hostKey)
        unknown.keyFile = pub
        let named = unknown.question
        XCTAssertTrue(named.contains("(ssh-keygen -lf \(pub))."), named)
        XCTAssertFalse(named.contains("sshd -T"), named)

        let served = try SSHPublicKey(line: String(contentsOfFile: pub, encoding: .utf8))
        unknown.keyFileHere = served
        let here = unknown.question
        // A fact about the file here, not a claim that a loopback host is this computer (issue 32
        // review: a loopback port is often forwarded to another machine).
        XCTAssertTrue(here.contains("This computer's copy of \(pub) holds \(try fixture.sshd.hostKeyFingerprint())."), here)
        XCTAssertFalse(here.contains("This computer is that host"), here)
        XCTAssertTrue(here.contains("They match: the server holds that file's key."), here)
        // The comparison advice is said once: the match line, not the generic line after it.
        XCTAssertFalse(here.contains("Compare it with"), here)
        unknown.keyFileHere = try Ed25519KeyPair().sshPublicKey
        let differ = unknown.question
        XCTAssertTrue(differ.contains("They differ: if port \(fixture.endpoint.port) is forwarded to another computer "
                                      + "(ssh -L, a container), compare with \(pub) there; otherwise type 'no'."), differ)
        XCTAssertFalse(differ.contains("Compare it with"), differ)
        unknown.keyFileHere = SSHPublicKey(type: "ecdsa-sha2-nistp256", blob: served.blob)
        XCTAssertTrue(unknown.question.contains("That file holds its ecdsa-sha2-nistp256 key, not this ssh-ed25519 one"), unknown.question)
        XCTAssertFalse(unknown.question.contains("Compare it with"), unknown.question)
    }

    /// The command in the question can be pasted: a path with a space or quote is shell-quoted.
    func testTheKeyFilePathInTheQuestionIsShellQuoted() throws {
        let session = try SSHSession.connect(to: fixture.endpoint)
        var unknown = UnknownHostKey(key: session.hostKey)
        unknown.keyFile = "/etc/my ssh/it's.pub"
        XCTAssertTrue(unknown.question.contains("(ssh-keygen -lf '/etc/my ssh/it'\\''s.pub')."), unknown.question)
        unknown.keyFileHere = try Ed25519KeyPair().sshPublicKey
        XCTAssertTrue(unknown.question.contains("This computer's copy of '/etc/my ssh/it'\\''s.pub' holds "), unknown.question)
    }
}
