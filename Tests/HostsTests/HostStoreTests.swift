import XCTest
import Files
import TestSupport
@testable import Hosts

final class HostStoreTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var store: HostStore!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-hosts")
        store = HostStore(root: DroverRoot(path: dir.file("root")), localUser: "me",
                          clock: { Date(timeIntervalSince1970: 1_750_000_000.75) })
    }

    override func tearDown() { dir.remove() }

    func testAddWritesA0600FileThatLoadsBack() throws {
        XCTAssertEqual(try store.load(), HostList())
        try store.add(HostEntry(name: "a", hostname: "a.lan", user: "u", session: "s"))
        XCTAssertEqual(AtomicFile.mode(of: store.path), 0o600)
        XCTAssertEqual(AtomicFile.mode(of: store.root.path), 0o700)
        let loaded = try store.host(named: "a")
        XCTAssertEqual(loaded.session, "s")
        XCTAssertEqual(loaded.created, Date(timeIntervalSince1970: 1_750_000_000), "times are kept to the second")
        XCTAssertThrowsError(try store.host(named: "b")) { XCTAssertEqual($0 as? HostStoreError, .notFound(name: "b")) }
    }

    func testCorruptFileIsNeverOverwrittenAndACopyIsKept() throws {
        try store.root.ensureExists()
        let original = Data(#"{"version": 1, "hosts": [ {"name": "a", "#.utf8) + Data([0xff, 0x00, 0x0a])
        try original.write(to: URL(fileURLWithPath: store.path))
        for attempt in 0..<2 {
            XCTAssertThrowsError(try store.add(HostEntry(name: "b", hostname: "b", user: "u"))) { error in
                guard case let .unreadable(path, _, copy)? = error as? HostStoreError else { return XCTFail("\(error)") }
                XCTAssertEqual(path, self.store.path)
                XCTAssertEqual(copy, self.store.root.file("hosts.json.corrupt-20250615T150640Z"), "attempt \(attempt)")
                XCTAssertTrue("\(error)".contains(self.store.path) && "\(error)".contains(copy), "\(error)")
                XCTAssertEqual(FileManager.default.contents(atPath: copy), original)
            }
            XCTAssertThrowsError(try store.load())
            XCTAssertEqual(FileManager.default.contents(atPath: store.path), original, "original bytes survive")
        }
        let copies = try FileManager.default.contentsOfDirectory(atPath: store.root.path).filter { $0.contains("corrupt") }
        XCTAssertEqual(copies.count, 1, "repeated commands reuse the same copy")
    }

    func testNewerVersionIsNeverOverwritten() throws {
        try store.root.ensureExists()
        let newer = Data(#"{"version": 7, "hosts": [], "future": {}}"#.utf8)
        try newer.write(to: URL(fileURLWithPath: store.path))
        XCTAssertThrowsError(try store.remove(named: "x")) { error in
            guard case let .newerVersion(_, version, copy)? = error as? HostStoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(version, 7)
            XCTAssertTrue(copy.hasSuffix("hosts.json.newer-20250615T150640Z"))
            XCTAssertTrue("\(error)".contains("newer Drover"), "\(error)")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: store.path), newer)
    }

    func testFailedChangeWritesNothing() throws {
        try store.add(HostEntry(name: "a", hostname: "a.lan", user: "u"))
        let before = FileManager.default.contents(atPath: store.path)
        XCTAssertThrowsError(try store.add(HostEntry(name: "b", hostname: "a.lan", user: "u")))
        XCTAssertEqual(FileManager.default.contents(atPath: store.path), before)
    }

    func testUpsertThroughTheStore() throws {
        try store.add(HostEntry(name: "desk", hostname: "desk.lan", user: "u", session: "m"))
        XCTAssertEqual(try store.upsert(HostEntry(name: "other", hostname: "desk.lan", user: "u", platform: .windows, session: "m")),
                       .updated(try store.host(named: "desk")))
        XCTAssertEqual(try store.host(named: "desk").platform, .windows)
        XCTAssertEqual(try store.upsert(HostEntry(name: "desk", hostname: "desk.lan", user: "u", session: "n")),
                       .added(try store.host(named: "desk-2")))
        XCTAssertEqual(try store.load().hosts.map(\.name), ["desk", "desk-2"])
    }
}
