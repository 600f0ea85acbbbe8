import LibC
import XCTest
import Files
import TestSupport
import TextSafety
@testable import Hosts

/// hosts.json as an attacker or an accident may leave it: the registry is checked, read with
/// a bound, and what it says is never sent to a terminal raw.
final class HostileInputTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var store: HostStore!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-hostile")
        store = HostStore(root: DroverRoot(path: dir.file("root")), localUser: "me")
        try store.root.ensureExists()
    }

    override func tearDown() { dir.remove() }

    private func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testEscapingCoversC0C1AndBidiControls() {
        let raw = "a\u{1b}[2J\u{07}\u{9b}31m\u{85}\u{7f}\u{202e}\u{2066}\u{2069}\u{200f}\nz é"
        XCTAssertEqual(SafeText.escaped(raw),
                       "a\\u{1b}[2J\\u{7}\\u{9b}31m\\u{85}\\u{7f}\\u{202e}\\u{2066}\\u{2069}\\u{200f}\\nz é")
        XCTAssertEqual(SafeText.escaped("two\nlines\u{9b}", keepingLineBreaks: true), "two\nlines\\u{9b}")
        for v: UInt32 in [0x00, 0x1f, 0x7f, 0x80, 0x9b, 0x9f, 0x202a, 0x202e, 0x2066, 0x2069] {
            XCTAssertTrue(SafeText.isUnsafe(Unicode.Scalar(v)!), String(v, radix: 16))
        }
        for v: UInt32 in [0x20, 0x7e, 0xa0, 0xe9, 0x202f, 0x2065, 0x206a, 0x1f600] {
            XCTAssertFalse(SafeText.isUnsafe(Unicode.Scalar(v)!), String(v, radix: 16))
        }
    }

    func testJSONEscapingKeepsTheMeaning() throws {
        let json = "{\n  \"command\" : \"x\u{9b}2J\u{202e}y\"\n}"
        let escaped = SafeText.escapedJSON(json)
        XCTAssertFalse(SafeText.containsUnsafe(escaped.replacingOccurrences(of: "\n", with: " ")), escaped)
        let decoded = try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? [String: String]
        XCTAssertEqual(decoded?["command"], "x\u{9b}2J\u{202e}y")
    }

    func testUserNamesWithC1OrBidiControlsAreRefused() {
        for user in ["a\u{9b}2Jb", "adm\u{202e}nim", "x\u{2066}y", "p\u{85}q"] {
            XCTAssertThrowsError(try HostRules.checkUser(user), user) { error in
                XCTAssertFalse(SafeText.containsUnsafe("\(error)"), "\(error)")
            }
        }
        XCTAssertNoThrow(try HostRules.checkUser("émile"))
    }

    func testRegistryEntryWithABidiUserIsRefusedAndTheMessageIsEscaped() throws {
        let file = #"{"version": 1, "hosts": [{"name": "web", "hostname": "web.lan", "user": "root\u202e"}]}"#
        try AtomicFile.write(file, to: store.path)
        XCTAssertEqual(try store.load().invalid.map(\.name), ["web"], "the entry is set aside, the file still loads")
        let text = failure { _ = try store.host(named: "web") } ?? ""
        XCTAssertTrue(text.contains("user 'root\\u{202e}' is not allowed"), text)
        XCTAssertFalse(SafeText.containsUnsafe(text), text)
    }

    func testRegistryThatIsNotARegularFileIsRefusedUntouched() throws {
        XCTAssertEqual(symlink("/dev/null", store.path), 0)
        let text = failure { _ = try store.load() } ?? ""
        XCTAssertTrue(text.hasPrefix("\(store.path): is not a regular file (it is a character device)"), text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.root.path).sorted(), ["hosts.json"],
                       "no copy of a device is kept")
        XCTAssertNotNil(failure { try store.add(HostEntry(name: "a", hostname: "a.lan", user: "me")) })
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: store.path), "/dev/null")
    }

    func testRegistryFIFOIsRefusedAtOnce() throws {
        XCTAssertEqual(mkfifo(store.path, 0o600), 0)
        let text = failure { _ = try store.load() } ?? ""
        XCTAssertTrue(text.contains("is not a regular file (it is a FIFO)"), text)
    }

    func testWorldWritableRegistryIsRefusedWithTheChmod() throws {
        try store.add(HostEntry(name: "a", hostname: "a.lan", user: "me"))
        chmod(store.path, 0o666)
        let text = failure { _ = try store.load() } ?? ""
        XCTAssertTrue(text.hasSuffix("Run 'chmod go-w \(store.path)' and try again."), text)
        XCTAssertNotNil(failure { try store.add(HostEntry(name: "b", hostname: "b.lan", user: "me")) })
    }

    func testForeignOwnedLockIsRefused() throws {
        try store.add(HostEntry(name: "a", hostname: "a.lan", user: "me"))
        XCTAssertEqual(chown(store.path + ".lock", 65534, 65534), 0)
        let text = failure { try store.add(HostEntry(name: "b", hostname: "b.lan", user: "me")) } ?? ""
        XCTAssertTrue(text.contains("\(store.path).lock: belongs to another user (uid 65534)"), text)
        XCTAssertEqual(try store.load().hosts.map(\.name), ["a"])
    }

    func testNextWriteRemovesTheTempFileOfAKilledWrite() throws {
        let leftover = store.root.file(".hosts.json.Kil1ed")
        try AtomicFile.write("{\"version\": 1, \"ho", to: leftover)
        let then = Int(Date().timeIntervalSince1970) - 3600
        var times = [timeval(tv_sec: then, tv_usec: 0), timeval(tv_sec: then, tv_usec: 0)]
        XCTAssertEqual(utimes(leftover, &times), 0)
        try store.add(HostEntry(name: "a", hostname: "a.lan", user: "me"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover))
    }
}
