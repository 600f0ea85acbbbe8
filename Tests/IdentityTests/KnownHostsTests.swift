import Files
import Foundation
import TestSupport
import XCTest
@testable import Identity

final class KnownHostsTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var pins: KnownHosts!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-pins")
        pins = KnownHosts(root: DroverRoot(path: dir.file("root")))
    }

    override func tearDown() { dir.remove() }

    /// A real public key made by ssh-keygen, without its comment (pins carry none).
    private func keygen(_ type: String, _ name: String) throws -> SSHPublicKey {
        let path = dir.file(name)
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", type, "-N", "", "-C", name, "-f", path])
        let line = try SSHPublicKey(line: String(contentsOfFile: path + ".pub", encoding: .utf8))
        return SSHPublicKey(type: line.type, blob: line.blob)
    }

    private func add(_ host: String, _ port: Int, _ key: SSHPublicKey) throws {
        try pins.add(host: host, port: port, keyType: key.type, blob: key.blob)
    }

    private func fileText() throws -> String { try String(contentsOfFile: pins.path, encoding: .utf8) }

    func testAddWritesOpenSSHLinesThatSSHKeygenFinds() throws {
        let ed = try keygen("ed25519", "ed"), ec = try keygen("ecdsa", "ec"), v6 = try keygen("ed25519", "v6")
        try add("Example.COM", 22, ed)
        try add("127.0.0.1", 2222, ec)
        try add("::1", 2222, v6)
        try add("::1", 22, v6)
        XCTAssertEqual(try fileText(), """
            example.com \(ed.type) \(ed.base64)
            [127.0.0.1]:2222 \(ec.type) \(ec.base64)
            [::1]:2222 \(v6.type) \(v6.base64)
            ::1 \(v6.type) \(v6.base64)

            """)
        for (query, key) in [("example.com", ed), ("[127.0.0.1]:2222", ec), ("[::1]:2222", v6), ("::1", v6)] {
            let found = try Shell.run("/usr/bin/ssh-keygen", ["-F", query, "-f", pins.path])
            XCTAssertTrue(found.contains("\(key.type) \(key.base64)"), "\(query): \(found)")
        }
        let missing = try Shell.execute("/usr/bin/ssh-keygen", ["-F", "[example.com]:2222", "-f", pins.path])
        XCTAssertNotEqual(missing.status, 0)
        let listed = try Shell.run("/usr/bin/ssh-keygen", ["-lf", pins.path])
        XCTAssertTrue(listed.contains("\(ed.fingerprint) example.com"), listed)
        XCTAssertTrue(listed.contains("\(ec.fingerprint) [127.0.0.1]:2222"), listed)
    }

    func testAddingTheSamePinTwiceWritesOneLine() throws {
        let key = try keygen("ed25519", "k")
        try add("h", 2222, key)
        try add("H", 2222, key)
        XCTAssertEqual(try pins.list().count, 1)
    }

    func testAddRefusesToPinAnotherKeyNextToAnExistingOne() throws {
        let old = try keygen("ed25519", "old"), new = try keygen("ed25519", "new")
        try add("h", 22, old)
        XCTAssertThrowsError(try add("h", 22, new)) { error in
            XCTAssertEqual(error as? KnownHostsError, .conflictingPin(host: "h", port: 22, pinned: [old.fingerprint]))
            XCTAssertTrue("\(error)".contains("drover pins forget h"), "\(error)")
        }
        XCTAssertEqual(try pins.list().map(\.key), [old])
    }

    func testAddRefusesNamesAndKeysThatWouldCorruptTheFile() throws {
        let key = try keygen("ed25519", "k")
        for bad in ["", "two words", "a,b", "*.example", "x]:22", "|1|abc"] {
            XCTAssertThrowsError(try add(bad, 22, key)) { XCTAssertEqual($0 as? KnownHostsError, .invalidHost(bad)) }
        }
        XCTAssertThrowsError(try add("h", 0, key)) { XCTAssertEqual($0 as? KnownHostsError, .invalidPort(0)) }
        XCTAssertThrowsError(try pins.add(host: "h", port: 22, keyType: "ecdsa-sha2-nistp256", blob: key.blob)) {
            guard case .malformedPublicKey = $0 as? KeyError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(try pins.list(), [])
    }

    func testLookupSaysMatchUnknownOtherTypesOrChanged() throws {
        let ed = try keygen("ed25519", "ed"), other = try keygen("ed25519", "other"), ec = try keygen("ecdsa", "ec")
        try add("server", 2222, ed)
        XCTAssertEqual(try pins.lookup(host: "server", port: 2222, keyType: ed.type, blob: ed.blob), .match)
        XCTAssertEqual(try pins.lookup(host: "SERVER", port: 2222, keyType: ed.type, blob: ed.blob), .match)
        XCTAssertEqual(try pins.lookup(host: "server", port: 22, keyType: ed.type, blob: ed.blob), .unknown)
        XCTAssertEqual(try pins.lookup(host: "elsewhere", port: 2222, keyType: ed.type, blob: ed.blob), .unknown)
        XCTAssertEqual(try pins.lookup(host: "server", port: 2222, keyType: other.type, blob: other.blob),
                       .changed(pinned: [ed.fingerprint]))
        // A key of a type not pinned is new (the server did not offer the pinned type), not a change.
        XCTAssertEqual(try pins.lookup(host: "server", port: 2222, keyType: ec.type, blob: ec.blob),
                       .otherTypesPinned([ed]))
        XCTAssertEqual(try pins.pinnedKeyTypes(host: "server", port: 2222), ["ssh-ed25519"])

        // Pinning it adds a line beside the first; another key of either pinned type is a change.
        try add("server", 2222, ec)
        XCTAssertEqual(try pins.lookup(host: "server", port: 2222, keyType: ec.type, blob: ec.blob), .match)
        XCTAssertEqual(try pins.pinnedKeyTypes(host: "server", port: 2222), ["ssh-ed25519", ec.type])
        let ec2 = try keygen("ecdsa", "ec2")
        XCTAssertEqual(try pins.lookup(host: "server", port: 2222, keyType: ec2.type, blob: ec2.blob),
                       .changed(pinned: [ec.fingerprint]))
        XCTAssertThrowsError(try add("server", 2222, ec2)) {
            XCTAssertEqual($0 as? KnownHostsError, .conflictingPin(host: "server", port: 2222, pinned: [ec.fingerprint]))
        }
        XCTAssertEqual(try pins.lookup(host: "server", port: 2222, keyType: other.type, blob: other.blob),
                       .changed(pinned: [ed.fingerprint]))
    }

    func testConcurrentAddsKeepEveryPin() throws {
        let keys = try (0..<16).map { _ in try Ed25519KeyPair().sshPublicKey }
        let store = pins!
        let errors = ErrorLog()
        DispatchQueue.concurrentPerform(iterations: keys.count) { i in
            do {
                try store.add(host: "host\(i).example", port: 2000 + i, keyType: keys[i].type, blob: keys[i].blob)
            } catch {
                errors.append("\(error)")
            }
        }
        XCTAssertEqual(errors.messages, [])
        XCTAssertEqual(Set(try pins.list().map(\.token)), Set((0..<16).map { "[host\($0).example]:\(2000 + $0)" }))
    }

    func testLookupWithoutAFileIsUnknown() throws {
        XCTAssertEqual(try pins.lookup(host: "h", port: 22, keyType: "ssh-ed25519", blob: Data([1])), .unknown)
        XCTAssertEqual(try pins.list(), [])
        XCTAssertEqual(try pins.remove(host: "h", port: 22), [])
    }

    func testRealOpenSSHLinesAreParsedAndOddOnesSkipped() throws {
        let a = try keygen("ed25519", "a"), b = try keygen("ecdsa", "b"), ca = try keygen("ed25519", "ca")
        let text = """
            # a comment line

            alpha.example,192.0.2.7 \(a.type) \(a.base64) alpha host key
            [beta.example]:2200,[192.0.2.8]:2200\t\(b.type)   \(b.base64)
            @cert-authority *.example \(ca.type) \(ca.base64)
            @revoked gamma.example \(ca.type) \(ca.base64)
            *.wild.example,!bad.wild.example \(a.type) \(a.base64)
            this line is not a pin
            delta.example ssh-ed25519 not-base64!
            epsilon.example \(b.type) \(a.base64)
            \(a.type) \(a.base64)

            """
        try Directory.ensure((pins.path as NSString).deletingLastPathComponent, mode: 0o700)
        try AtomicFile.write(text, to: pins.path)
        let listed = try pins.list().map { "\($0.host) \($0.port) \($0.keyType) \($0.fingerprint)" }
        XCTAssertEqual(listed, [
            "alpha.example 22 \(a.type) \(a.fingerprint)",
            "192.0.2.7 22 \(a.type) \(a.fingerprint)",
            "beta.example 2200 \(b.type) \(b.fingerprint)",
            "192.0.2.8 2200 \(b.type) \(b.fingerprint)",
            "*.wild.example 22 \(a.type) \(a.fingerprint)",
        ])
        XCTAssertEqual(try pins.lookup(host: "192.0.2.8", port: 2200, keyType: b.type, blob: b.blob), .match)
        XCTAssertEqual(try pins.lookup(host: "x.wild.example", port: 22, keyType: a.type, blob: a.blob), .match)
        XCTAssertEqual(try pins.lookup(host: "bad.wild.example", port: 22, keyType: a.type, blob: a.blob), .unknown)
        XCTAssertEqual(try pins.lookup(host: "host.example", port: 22, keyType: ca.type, blob: ca.blob), .unknown)
        XCTAssertEqual(try pins.lookup(host: "gamma.example", port: 22, keyType: ca.type, blob: ca.blob), .revoked)
        XCTAssertEqual(try pins.lookup(host: "epsilon.example", port: 22, keyType: a.type, blob: a.blob), .unknown)
        // Rewriting the file (a removal) keeps every line it did not touch, byte for byte.
        try pins.remove(host: "alpha.example", port: 22)
        XCTAssertEqual(try fileText(), text.replacingOccurrences(of: "alpha.example,192.0.2.7 \(a.type) \(a.base64) alpha host key",
                                                                 with: "192.0.2.7 \(a.type) \(a.base64) alpha host key"))
    }

    /// Lines end at LF bytes; a CR before the LF (a file saved on Windows) is not part of the line.
    func testCRLFLinesAreReadLikeLFLines() throws {
        let a = try keygen("ed25519", "crlf")
        let text = "# pins\r\nalpha.example \(a.type) \(a.base64)\r\n[beta.example]:2200 \(a.type) \(a.base64)\r\n"
        try Directory.ensure((pins.path as NSString).deletingLastPathComponent, mode: 0o700)
        try AtomicFile.write(text, to: pins.path)
        XCTAssertEqual(try pins.list().map { "\($0.host) \($0.port)" }, ["alpha.example 22", "beta.example 2200"])
        XCTAssertEqual(try pins.lookup(host: "beta.example", port: 2200, keyType: a.type, blob: a.blob), .match)
    }

    func testForgetRemovesExactlyOneHostAndPort() throws {
        let k1 = try keygen("ed25519", "k1"), k2 = try keygen("ecdsa", "k2"), k3 = try keygen("ed25519", "k3")
        try add("h.example", 22, k1)
        try add("h.example", 2222, k2)
        try add("other.example", 2222, k3)
        try add("::1", 2222, k3)
        let removed = try pins.remove(host: "H.EXAMPLE", port: 2222)
        XCTAssertEqual(removed, [KnownHostEntry(host: "h.example", port: 2222, key: k2)])
        XCTAssertEqual(try pins.list().map(\.token), ["h.example", "[other.example]:2222", "[::1]:2222"])
        XCTAssertEqual(try pins.remove(host: "h.example", port: 2222), [])
        XCTAssertEqual(try pins.remove(host: "[::1]", port: 2222).map(\.fingerprint), [k3.fingerprint])
        XCTAssertEqual(try pins.list().map(\.token), ["h.example", "[other.example]:2222"])
        XCTAssertEqual(AtomicFile.mode(of: pins.path), 0o600)
    }

    func testForgetTakesOneNameOutOfASharedLine() throws {
        let key = try keygen("ed25519", "k")
        try Directory.ensure((pins.path as NSString).deletingLastPathComponent, mode: 0o700)
        try AtomicFile.write("one.example,two.example \(key.type) \(key.base64)\n", to: pins.path)
        XCTAssertEqual(try pins.remove(host: "one.example", port: 22).map(\.host), ["one.example"])
        XCTAssertEqual(try fileText(), "two.example \(key.type) \(key.base64)\n")
        XCTAssertEqual(try pins.lookup(host: "two.example", port: 22, keyType: key.type, blob: key.blob), .match)
    }

    /// Found by `scripts/fuzz knownhosts`: fields were split on Characters, so a comment that
    /// starts with a combining mark (U+05A6) stuck to the space before it once Drover rewrote
    /// the line, and the remaining pin became unreadable.
    func testForgetKeepsAPinWhoseCommentStartsWithACombiningMark() throws {
        let key = try keygen("ed25519", "k")
        try Directory.ensure((pins.path as NSString).deletingLastPathComponent, mode: 0o700)
        try AtomicFile.write("one.example,two.example \(key.type) \(key.base64)\t\u{5A6}note\n", to: pins.path)
        XCTAssertEqual(try pins.remove(host: "one.example", port: 22).map(\.host), ["one.example"])
        XCTAssertEqual(try fileText(), "two.example \(key.type) \(key.base64) \u{5A6}note\n")
        XCTAssertEqual(try pins.lookup(host: "two.example", port: 22, keyType: key.type, blob: key.blob), .match)
    }
}

/// Error messages collected from concurrent work.
private final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func append(_ message: String) { lock.withLock { list.append(message) } }
    var messages: [String] { lock.withLock { list } }
}
