import Foundation
import XCTest
import Identity
import LibC
import SSH
import TestSupport

/// Identity files against a real sshd: an encrypted openssh-key-v1 file asks for its
/// passphrase (hidden), a wrong one is asked again, and files come after the agent.
final class IdentityFileLoginTests: XCTestCase {
    private var fixture: SSHFixture!
    private let passphrase = "pp-\(UInt32.random(in: 100_000...999_999))"

    override func setUpWithError() throws { fixture = try SSHFixture() }
    override func tearDown() { fixture.tearDown() }

    /// An authorized ed25519 key file protected by `passphrase` (ssh-keygen -N).
    private func encryptedKey() throws -> PrivateKeyFile {
        let path = fixture.sshd.directory.file("id_protected")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", passphrase, "-C", "protected", "-f", path])
        try fixture.sshd.authorize(String(contentsOfFile: path + ".pub", encoding: .utf8))
        return try XCTUnwrap(PrivateKeyFile.load(path: path, displayPath: "~/.ssh/id_protected"))
    }

    private func verifiedSession() throws -> SSHSession {
        let session = try SSHSession.connect(to: fixture.endpoint)
        try session.verifyHostKey { _ in }
        return session
    }

    func testEncryptedKeyFileAsksItsPassphraseHiddenAndLogsIn() throws {
        let file = try encryptedKey()
        XCTAssertTrue(file.isEncrypted)
        XCTAssertEqual(file.keyType, "ssh-ed25519")
        XCTAssertFalse("\(file)".contains("OPENSSH"), "the description never shows the key text")
        let asked = Questions()
        var credentials = SSHCredentials(prompt: { asked.record($0); return self.passphrase })
        credentials.identityFiles = [file]
        let session = try verifiedSession()
        XCTAssertEqual(try session.authenticate(credentials), .privateKey(label: "~/.ssh/id_protected"))
        XCTAssertEqual(asked.all.map(\.keyFile), ["~/.ssh/id_protected"])
        XCTAssertEqual(asked.all.map(\.echo), [false])
        XCTAssertEqual(try session.run(command: "echo in").stdout.text, "in\n")
    }

    func testAWrongPassphraseIsAskedAgainThenTheRightOneLogsIn() throws {
        let file = try encryptedKey()
        let asked = Questions()
        var credentials = SSHCredentials(prompt: { question in
            asked.record(question)
            return question.attempt == 1 ? "not-it" : self.passphrase
        }, order: [.identityFiles])
        credentials.identityFiles = [file]
        XCTAssertEqual(try verifiedSession().authenticate(credentials), .privateKey(label: "~/.ssh/id_protected"))
        XCTAssertEqual(asked.all.map(\.attempt), [1, 2])
        XCTAssertTrue(asked.all[1].instruction.contains("does not open ~/.ssh/id_protected"), asked.all[1].instruction)
    }

    /// A passphrase that was not given is the cause named, not a refused key (before: "refused
    /// login … add this device's key").
    func testWithoutAPassphraseTheFileIsNamedAsTheCause() throws {
        var credentials = SSHCredentials(privateKeys: [try fixture.strangerKey()], prompt: { _ in nil })
        credentials.identityFiles = [try encryptedKey()]
        XCTAssertThrowsError(try verifiedSession().authenticate(credentials)) { error in
            guard case let .passphraseNotGiven(_, _, files, tried, _)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(files, ["~/.ssh/id_protected"])
            XCTAssertEqual(tried, ["device key"])
            let text = "\(error)"
            XCTAssertTrue(text.contains("~/.ssh/id_protected is protected by a passphrase and none was given"), text)
            XCTAssertTrue(text.contains("'ssh-add ~/.ssh/id_protected'"), text)
            // ssh-add alone fails where no agent runs: the advice says how to start one.
            XCTAssertTrue(text.contains("'eval \"$(ssh-agent -s)\"'"), text)
            XCTAssertFalse(text.contains("put this device's key"), text)
        }
    }

    /// A passphrase typed wrong every time is named as the cause (before: "none was given").
    func testAPassphraseWrongEveryTimeIsNamedAsTheCause() throws {
        let asked = Questions()
        var credentials = SSHCredentials(prompt: { asked.record($0); return "not-it" }, order: [.identityFiles])
        credentials.identityFiles = [try encryptedKey()]
        credentials.promptTries = 3
        XCTAssertThrowsError(try verifiedSession().authenticate(credentials)) { error in
            guard case let .passphraseWrong(_, _, files, tries, _, _)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertEqual(files, ["~/.ssh/id_protected"])
            XCTAssertEqual(tries, 3)
            let text = "\(error)"
            XCTAssertTrue(text.contains("none of the 3 passphrases typed for ~/.ssh/id_protected opened it"), text)
            XCTAssertTrue(text.contains("'ssh-keygen -y -f ~/.ssh/id_protected'"), text)
            XCTAssertFalse(text.contains("none was given"), text)
        }
        XCTAssertEqual(asked.all.map(\.attempt), [1, 2, 3])
    }

    /// Default files (none named for the host) come after the device key and the agent (ssh's order), and an unencrypted one
    /// logs in without a question.
    func testUnencryptedFileLogsInAfterTheRefusedDeviceKey() throws {
        let file = try XCTUnwrap(PrivateKeyFile.load(path: fixture.keyPath, displayPath: "~/.ssh/id_ed25519"))
        XCTAssertFalse(file.isEncrypted)
        var credentials = SSHCredentials(privateKeys: [try fixture.strangerKey()], prompt: { _ in
            XCTFail("nothing is asked for an unencrypted file")
            return nil
        })
        credentials.identityFiles = [file]
        XCTAssertEqual(try verifiedSession().authenticate(credentials), .privateKey(label: "~/.ssh/id_ed25519"))
    }

    func testAFileThatIsNoKeyIsRefusedByPathOnly() throws {
        let path = fixture.sshd.directory.file("not-a-key")
        try "hello\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        XCTAssertThrowsError(try PrivateKeyFile.load(path: path, displayPath: "~/not-a-key")) { error in
            XCTAssertTrue("\(error)".contains("~/not-a-key holds no private key"), "\(error)")
        }
        XCTAssertNil(try PrivateKeyFile.load(path: path + "-missing", displayPath: "x"))
        chmod(fixture.keyPath, 0o644)
        XCTAssertThrowsError(try PrivateKeyFile.load(path: fixture.keyPath, displayPath: "~/k")) { error in
            XCTAssertTrue("\(error)".contains("mode 0644") && "\(error)".contains("chmod 600 \(fixture.keyPath)"), "\(error)")
        }
        XCTAssertEqual(PrivateKeyFile.expand("~/.ssh/id_ed25519", home: "/home/ann"), "/home/ann/.ssh/id_ed25519")
        XCTAssertEqual(PrivateKeyFile.expand("/etc/key", home: "/home/ann"), "/etc/key")
    }
}

/// Questions a prompt closure was asked.
private final class Questions: @unchecked Sendable {
    private let lock = NSLock()
    private var questions: [SSHAuthPrompt] = []
    func record(_ question: SSHAuthPrompt) { lock.withLock { questions.append(question) } }
    var all: [SSHAuthPrompt] { lock.withLock { questions } }
}
