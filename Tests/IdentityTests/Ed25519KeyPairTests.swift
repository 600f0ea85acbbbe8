import Foundation
import TestSupport
import XCTest
@testable import Identity

final class Ed25519KeyPairTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-keys") }
    override func tearDown() { dir.remove() }

    func testGeneratedKeysDifferAndHave32ByteHalves() throws {
        let a = try Ed25519KeyPair(), b = try Ed25519KeyPair()
        XCTAssertEqual(a.publicKey.count, 32)
        XCTAssertEqual(a.seed.count, 32)
        XCTAssertNotEqual(a.publicKey, b.publicKey)
    }

    func testSeedDerivedKeyIsDeterministicAndMatchesRFC8032Vector() throws {
        // RFC 8032 section 7.1, TEST 1.
        let seed = Data(hex: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
        let a = try Ed25519KeyPair(seed: seed), b = try Ed25519KeyPair(seed: seed)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.publicKey, Data(hex: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"))
        let signature = try a.sign(Data())
        XCTAssertEqual(signature, Data(hex: "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
            + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"))
        XCTAssertTrue(Ed25519KeyPair.verify(signature: signature, of: Data(), publicKey: a.publicKey))
        XCTAssertFalse(Ed25519KeyPair.verify(signature: signature, of: Data([1]), publicKey: a.publicKey))
    }

    func testSeedOfWrongLengthIsRefused() {
        XCTAssertThrowsError(try Ed25519KeyPair(seed: Data(count: 31))) { error in
            XCTAssertEqual(error as? KeyError, .badSeedLength(31))
        }
    }

    func testDescriptionNeverShowsTheSeed() throws {
        let key = try Ed25519KeyPair(seed: Data(repeating: 0xab, count: 32))
        let text = "\(key) \(String(reflecting: key))"
        XCTAssertFalse(text.lowercased().contains("abab"), text)
        XCTAssertFalse(text.contains(Data(repeating: 0xab, count: 32).base64EncodedString()), text)
    }

    func testPublicBlobIsSSHWireFormat() throws {
        let key = try Ed25519KeyPair()
        let blob = key.publicKeyBlob
        XCTAssertEqual(blob.count, 4 + 11 + 4 + 32)
        XCTAssertEqual(Array(blob.prefix(4)), [0, 0, 0, 11])
        XCTAssertEqual(String(decoding: blob[4..<15], as: UTF8.self), "ssh-ed25519")
        XCTAssertEqual(Data(blob.suffix(32)), key.publicKey)
        let line = key.publicLine(comment: "me@box")
        XCTAssertEqual(line, "ssh-ed25519 \(blob.base64EncodedString()) me@box")
        XCTAssertEqual(try SSHPublicKey(line: line).blob, blob)
    }

    func testPrivateKeyRoundTripKeepsKeyAndComment() throws {
        let key = try Ed25519KeyPair()
        let text = key.openSSHPrivateKey(comment: "drover@test box")
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.first, "-----BEGIN OPENSSH PRIVATE KEY-----")
        XCTAssertEqual(lines.last, "-----END OPENSSH PRIVATE KEY-----")
        XCTAssertTrue(lines.dropFirst().dropLast().dropLast().allSatisfy { $0.count == 70 })
        XCTAssertLessThanOrEqual(lines[lines.count - 2].count, 70)
        let decoded = try OpenSSHPrivateKey.decode(text)
        XCTAssertEqual(decoded.keyPair, key)
        XCTAssertEqual(decoded.comment, "drover@test box")
    }

    /// Blanks around the armour lines and CRLF line ends (a key pasted or saved elsewhere) are ignored.
    func testAKeyWithIndentedAndCRLFLinesStillDecodes() throws {
        let key = try Ed25519KeyPair()
        let text = key.openSSHPrivateKey(comment: "c").split(separator: "\n").map { " \t\($0)\u{A0} " }.joined(separator: "\r\n")
        XCTAssertEqual(try OpenSSHPrivateKey.decode(text).keyPair, key)
    }

    func testPaddingIsOneToNAndCheckIntsAreRandomButEqual() throws {
        let key = try Ed25519KeyPair()
        var checks: Set<UInt32> = []
        for comment in ["", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg"] {
            let section = try privateSection(of: key.openSSHPrivateKey(comment: comment))
            XCTAssertEqual(section.count % 8, 0)
            let padLength = section.count - (8 + 4 + 11 + 4 + 32 + 4 + 64 + 4 + comment.utf8.count)
            XCTAssertTrue((0..<8).contains(padLength))
            XCTAssertEqual(Array(section.suffix(padLength)), (0..<padLength).map { UInt8($0 + 1) })
            XCTAssertEqual(section.prefix(4), section[4..<8])
            checks.insert(section.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        XCTAssertGreaterThan(checks.count, 1, "check integers should be random")
    }

    func testSSHKeygenDerivesOurPublicLineAndFingerprint() throws {
        let key = try Ed25519KeyPair()
        let path = dir.file("ours")
        try key.openSSHPrivateKey(comment: "drover@keygen").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let derived = try Shell.run("/usr/bin/ssh-keygen", ["-y", "-f", path])
        let ours = key.publicLine(comment: "drover@keygen")
        XCTAssertEqual(derived.split(separator: " ").prefix(2), ours.split(separator: " ").prefix(2))
        let listed = try Shell.run("/usr/bin/ssh-keygen", ["-lf", path])
        XCTAssertEqual(listed.split(separator: " ")[1], Substring(key.fingerprint))
        XCTAssertTrue(listed.hasSuffix("(ED25519)\n"), listed)
    }

    func testWeReadAKeyMadeBySSHKeygen() throws {
        let path = dir.file("theirs")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "made by keygen", "-f", path])
        let decoded = try OpenSSHPrivateKey.decode(String(contentsOfFile: path, encoding: .utf8))
        XCTAssertEqual(decoded.comment, "made by keygen")
        let pub = try SSHPublicKey(line: String(contentsOfFile: path + ".pub", encoding: .utf8))
        XCTAssertEqual(pub.blob, decoded.keyPair.publicKeyBlob)
        XCTAssertEqual(pub.comment, "made by keygen")
        let listed = try Shell.run("/usr/bin/ssh-keygen", ["-lf", path + ".pub"])
        XCTAssertEqual(listed.split(separator: " ")[1], Substring(decoded.keyPair.fingerprint))
    }

    func testEncryptedKeyIsRefusedByName() throws {
        let path = dir.file("locked")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "secret words", "-f", path])
        XCTAssertThrowsError(try OpenSSHPrivateKey.decode(String(contentsOfFile: path, encoding: .utf8))) { error in
            guard case .encrypted = error as? KeyError else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".contains("passphrase"), "\(error)")
        }
    }

    func testNonEd25519KeysAreRefusedByType() throws {
        let path = dir.file("ecdsa")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ecdsa", "-N", "", "-f", path])
        XCTAssertThrowsError(try OpenSSHPrivateKey.decode(String(contentsOfFile: path, encoding: .utf8))) { error in
            XCTAssertEqual(error as? KeyError, .unsupportedKeyType("ecdsa-sha2-nistp256"))
        }
        let pem = dir.file("rsa-pem")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "rsa", "-b", "1024", "-m", "PEM", "-N", "", "-f", pem])
        XCTAssertThrowsError(try OpenSSHPrivateKey.decode(String(contentsOfFile: pem, encoding: .utf8))) { error in
            guard case .unsupportedKeyType = error as? KeyError else { return XCTFail("\(error)") }
        }
    }

    func testDamagedFilesAreRefused() throws {
        let key = try Ed25519KeyPair()
        let good = key.openSSHPrivateKey(comment: "c")
        var body = Array(Data(base64Encoded: good.split(separator: "\n").dropFirst().dropLast().joined())!)
        let sectionStart = body.count - 8 * ((8 + 4 + 11 + 4 + 32 + 4 + 64 + 4 + 1 + 7) / 8)

        var badCheck = body
        badCheck[sectionStart + 4] ^= 0xff
        XCTAssertThrowsError(try OpenSSHPrivateKey.decode(armour(badCheck))) {
            XCTAssertEqual($0 as? KeyError, .checkIntegersDiffer)
        }
        // Flip one byte of the public key stored inside the private section.
        body[sectionStart + 8 + 4 + 11 + 4] ^= 0x01
        XCTAssertThrowsError(try OpenSSHPrivateKey.decode(armour(body))) {
            XCTAssertEqual($0 as? KeyError, .publicKeyMismatch)
        }
        for garbage in ["", "hello", "-----BEGIN OPENSSH PRIVATE KEY-----\n!!!\n-----END OPENSSH PRIVATE KEY-----\n",
                        String(good.dropLast(40))] {
            XCTAssertThrowsError(try OpenSSHPrivateKey.decode(garbage)) {
                guard case .malformed = $0 as? KeyError else { return XCTFail("\($0)") }
            }
        }
    }

    // MARK: helpers

    private func armour(_ bytes: [UInt8]) -> String {
        "-----BEGIN OPENSSH PRIVATE KEY-----\n\(Data(bytes).base64EncodedString())\n-----END OPENSSH PRIVATE KEY-----\n"
    }

    /// The unencrypted private section: the last SSH string of the file body.
    private func privateSection(of text: String) throws -> Data {
        let body = try XCTUnwrap(Data(base64Encoded: text.split(separator: "\n").dropFirst().dropLast().joined()))
        var reader = SSHWireReader(body.dropFirst(15))
        for _ in 0..<3 { _ = reader.string() }
        _ = reader.uint32()
        _ = reader.string()
        return try XCTUnwrap(reader.string())
    }
}

extension Data {
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        self.init(bytes)
    }
}
