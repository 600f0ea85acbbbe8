import Files
import Foundation
import TestSupport
import XCTest
@testable import Identity

/// Hashed host names (`ssh-keygen -H`) and `@revoked` lines in the pin file, checked against
/// files that the real ssh-keygen wrote and reads.
final class KnownHostsHashedTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var pins: KnownHosts!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-hashed")
        pins = KnownHosts(root: DroverRoot(path: dir.file("root")))
        try Directory.ensure((pins.path as NSString).deletingLastPathComponent, mode: 0o700)
    }

    override func tearDown() { dir.remove() }

    private func newKey() throws -> SSHPublicKey { try Ed25519KeyPair().sshPublicKey }

    private func add(_ host: String, _ port: Int, _ key: SSHPublicKey) throws {
        try pins.add(host: host, port: port, keyType: key.type, blob: key.blob)
    }

    private func lookup(_ host: String, _ port: Int, _ key: SSHPublicKey) throws -> HostKeyStatus {
        try pins.lookup(host: host, port: port, keyType: key.type, blob: key.blob)
    }

    private func fileText() throws -> String { try String(contentsOfFile: pins.path, encoding: .utf8) }

    private func hashFile() throws {
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-H", "-f", pins.path])
        try? FileManager.default.removeItem(atPath: pins.path + ".old")
    }

    /// The line ssh-keygen writes for `host key` once hashed (a fresh random salt each time).
    private func hashedLine(_ token: String, _ key: SSHPublicKey) throws -> String {
        let scratch = dir.file("scratch_known_hosts")
        try AtomicFile.write("\(token) \(key.line)\n", to: scratch)
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-H", "-f", scratch])
        return try String(contentsOfFile: scratch, encoding: .utf8).trimmingCharacters(in: .newlines)
    }

    func testHMACSHA1MatchesTheRFC2202TestVector() {
        let mac = HashedHostName.hmacSHA1(key: Data(repeating: 0x0b, count: 20), data: Data("Hi There".utf8))
        XCTAssertEqual(mac?.map { String(format: "%02x", $0) }.joined(), "b617318655057264e28bc0b6fb378c8ef146be00")
    }

    func testHashedPinsMatchAndChangeLikePlainOnes() throws {
        let a = try newKey(), b = try newKey(), other = try newKey()
        try add("hashed.example", 22, a)
        try add("127.0.0.1", 2222, b)
        try add("::1", 2200, b)
        try hashFile()
        let text = try fileText()
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasPrefix("|1|") }.count, 3, text)
        XCTAssertFalse(text.contains("hashed.example") || text.contains("127.0.0.1"), text)

        XCTAssertEqual(try lookup("hashed.example", 22, a), .match)
        XCTAssertEqual(try lookup("Hashed.EXAMPLE", 22, a), .match)
        XCTAssertEqual(try lookup("127.0.0.1", 2222, b), .match)
        XCTAssertEqual(try lookup("[::1]", 2200, b), .match)
        XCTAssertEqual(try lookup("hashed.example", 22, other), .changed(pinned: [a.fingerprint]))
        XCTAssertEqual(try lookup("127.0.0.1", 2222, other), .changed(pinned: [b.fingerprint]))
        XCTAssertEqual(try lookup("hashed.example", 2222, a), .unknown)
        XCTAssertEqual(try lookup("127.0.0.1", 22, b), .unknown)
        XCTAssertEqual(try lookup("127.0.0.2", 2222, b), .unknown)
        XCTAssertEqual(try pins.pins(host: "127.0.0.1", port: 2222), [b])
    }

    func testSSHKeygenAndLookupAgreeOnHashedFiles() throws {
        let keys = try (0..<3).map { _ in try newKey() }
        let pinned = [("alpha.example", 22, keys[0]), ("10.0.0.5", 2222, keys[1]), ("fd7a:115c:a1e0::5", 22, keys[2])]
        for (host, port, key) in pinned { try add(host, port, key) }
        try hashFile()
        let queries = pinned.map { ($0.0, $0.1) } + [("alpha.example", 2222), ("10.0.0.5", 22), ("beta.example", 22)]
        for (host, port) in queries {
            let token = HostName.token(host: host, port: port)
            let found = try Shell.execute("/usr/bin/ssh-keygen", ["-F", token, "-f", pins.path])
            let ours = try pins.list(host: host, port: port)
            XCTAssertEqual(found.status == 0, !ours.isEmpty, "\(token): \(found.stdout)")
            for entry in ours {
                XCTAssertTrue(found.stdout.contains(entry.key.base64), "\(token): \(found.stdout)")
                XCTAssertEqual(try lookup(host, port, entry.key), .match)
            }
        }
    }

    func testListShowsHashedEntriesAsHashedUnlessAHostIsGiven() throws {
        let a = try newKey(), b = try newKey()
        try add("box.example", 2222, a)
        try hashFile()
        try add("plain.example", 22, b)
        XCTAssertEqual(try pins.list(), [
            KnownHostEntry(host: KnownHostEntry.hashedHost, port: 0, key: a, isHashed: true),
            KnownHostEntry(host: "plain.example", port: 22, key: b),
        ])
        XCTAssertEqual(try pins.list().map(\.token), ["(hashed)", "plain.example"])
        XCTAssertEqual(try pins.list(host: "BOX.example", port: 2222),
                       [KnownHostEntry(host: "box.example", port: 2222, key: a, isHashed: true)])
        XCTAssertEqual(try pins.list(host: "box.example", port: 2222).map(\.token), ["[box.example]:2222"])
        XCTAssertEqual(try pins.list(host: "plain.example", port: 22), [KnownHostEntry(host: "plain.example", port: 22, key: b)])
        XCTAssertEqual(try pins.list(host: "box.example", port: 22), [])
    }

    func testAddNextToAHashedPinKeepsTheHashedLineAndRefusesAnotherKey() throws {
        let a = try newKey(), other = try newKey()
        try add("box.example", 22, a)
        try hashFile()
        let hashed = try fileText()
        try add("box.example", 22, a)
        XCTAssertEqual(try fileText(), hashed, "pinning the same key again writes nothing")
        XCTAssertThrowsError(try add("box.example", 22, other)) {
            XCTAssertEqual($0 as? KnownHostsError, .conflictingPin(host: "box.example", port: 22, pinned: [a.fingerprint]))
        }
        try add("new.example", 22, other)
        XCTAssertEqual(try fileText(), hashed + "new.example \(other.line)\n", "new pins are written in plain text")
    }

    func testForgetRemovesTheHashedLineAndKeepsEveryOtherLineByteForByte() throws {
        let a = try newKey(), b = try newKey()
        let gone = try hashedLine("[box.example]:2222", a)
        let stays = try hashedLine("box.example", b)
        let others = [
            "# my pins", stays, "", "|1|bm90IGEgaGFzaA==|eA== \(a.line)", "|2|abc|def \(a.line)",
            "@cert-authority *.example \(b.line)", "[box.example]:2222\t\(b.line)  trailing comment",
        ]
        try AtomicFile.write(([others[0], gone] + others.dropFirst()).joined(separator: "\n") + "\n", to: pins.path)

        let removed = try pins.remove(host: "box.example", port: 2222)
        XCTAssertEqual(removed.map { "\($0.token) \($0.fingerprint) \($0.isHashed)" },
                       ["[box.example]:2222 \(a.fingerprint) true", "[box.example]:2222 \(b.fingerprint) false"])
        XCTAssertEqual(try fileText(), others.dropLast().joined(separator: "\n") + "\n")
        let search = try Shell.execute("/usr/bin/ssh-keygen", ["-F", "[box.example]:2222", "-f", pins.path])
        XCTAssertNotEqual(search.status, 0, search.stdout)
        XCTAssertEqual(try lookup("box.example", 22, b), .match)
        XCTAssertEqual(try pins.remove(host: "box.example", port: 2222), [])
    }

    func testRevokedKeyIsRefusedEvenWhenPinned() throws {
        let bad = try newKey(), good = try newKey(), other = try newKey()
        try add("box.example", 22, bad)
        try AtomicFile.write(try fileText() + "@revoked box.example \(bad.line)\n", to: pins.path)
        XCTAssertEqual(try lookup("box.example", 22, bad), .revoked)
        XCTAssertEqual(try lookup("box.example", 2222, bad), .unknown, "the revocation names port 22 only")
        XCTAssertEqual(try lookup("box.example", 22, good), .changed(pinned: [bad.fingerprint]))
        XCTAssertEqual(try pins.list().map(\.token), ["box.example"], "@revoked lines are not pins")

        // Forgetting the old pin leaves the revocation in place; the new key is then unknown.
        XCTAssertEqual(try pins.remove(host: "box.example", port: 22).map(\.key), [bad])
        XCTAssertEqual(try fileText(), "@revoked box.example \(bad.line)\n")
        XCTAssertEqual(try lookup("box.example", 22, bad), .revoked)
        XCTAssertEqual(try lookup("box.example", 22, good), .unknown)
        XCTAssertEqual(try lookup("box.example", 22, other), .unknown)
        XCTAssertThrowsError(try add("box.example", 22, bad)) { error in
            XCTAssertEqual(error as? KnownHostsError,
                           .revokedKey(host: "box.example", port: 22, fingerprint: bad.fingerprint, file: pins.path))
            XCTAssertTrue("\(error)".contains("revoked"), "\(error)")
        }
        try add("box.example", 22, good)
        XCTAssertEqual(try lookup("box.example", 22, good), .match)
    }

    func testRevocationsForEveryHostAndHashedRevocationsApply() throws {
        let bad = try newKey(), worse = try newKey(), fine = try newKey()
        let hashed = try hashedLine("[box.example]:2222", worse)
        try AtomicFile.write("@revoked * \(bad.line)\n@revoked \(hashed)\n", to: pins.path)
        XCTAssertEqual(try lookup("any.example", 22, bad), .revoked)
        XCTAssertEqual(try lookup("10.1.2.3", 4444, bad), .revoked)
        XCTAssertEqual(try lookup("box.example", 2222, worse), .revoked)
        XCTAssertEqual(try lookup("box.example", 22, worse), .unknown)
        XCTAssertEqual(try lookup("box.example", 2222, fine), .unknown)
        XCTAssertEqual(try pins.list(), [])
    }
}
