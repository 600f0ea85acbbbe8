import XCTest
import TestSupport
import Files
@testable import Hosts

/// Trial item 1: an entry an older Drover accepted (session '-rf') or that breaks any field rule
/// is set aside as an invalid entry; the rest of the registry keeps working and the entry is kept
/// byte for byte until it is fixed or removed.
final class InvalidHostEntryTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var store: HostStore!
    private let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    /// An entry as an older release wrote it, with spacing and an unknown key of its own.
    private let dashRaw = #"{"name":"dash",  "hostname":"dash.lan","session":"-rf", "note": "x"}"#

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-invalid")
        store = HostStore(root: DroverRoot(path: dir.file("root")), localUser: "me", clock: { [t0] in t0 })
        try store.root.ensureExists()
        let file = """
            {"version": 1, "hosts": [
              {"name": "web", "hostname": "web.lan", "user": "ada"},
              \(dashRaw),
              {"name": "-x y", "hostname": "x.lan"},
              {"name": "mail", "hostname": "mail.lan", "user": "e e"},
              {"name": "db", "hostname": "db.lan", "user": "bob"}
            ]}
            """
        try AtomicFile.write(Data(file.utf8), to: store.path, mode: 0o600)
    }

    override func tearDown() { dir.remove() }

    func testEntriesThatBreakARuleAreSetAsideAndTheRestLoads() throws {
        let list = try store.load()
        XCTAssertEqual(list.hosts.map(\.name), ["web", "db"])
        XCTAssertEqual(list.invalid.map(\.name), ["dash", "-x y", "mail"])
        XCTAssertEqual(list.invalid.map(\.problem.field), ["session", "name", "user"])
        XCTAssertEqual(String(decoding: list.invalid[0].raw, as: UTF8.self), dashRaw)
        XCTAssertEqual(try store.host(named: "web").user, "ada")
        XCTAssertThrowsError(try store.host(named: "dash")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("session '-rf' is not allowed"), text)
            XCTAssertTrue(text.contains("'drover hosts edit dash --session S' or 'drover hosts edit dash --no-session'"), text)
            XCTAssertTrue(text.contains("'drover hosts rm dash'"), text)
        }
        XCTAssertTrue(list.invalidNamed("-x y")!.fix.contains("'drover hosts rm -- '-x y''"), list.invalidNamed("-x y")!.fix)
    }

    func testWritingKeepsInvalidEntriesByteForByteInTheirPlace() throws {
        try store.add(HostEntry(name: "new", hostname: "new.lan", user: "me"))
        let text = String(decoding: try XCTUnwrap(AtomicFile.read(store.path)), as: UTF8.self)
        XCTAssertTrue(text.contains(dashRaw), text)
        let list = try store.load()
        XCTAssertEqual(list.hosts.map(\.name), ["web", "db", "new"])
        XCTAssertEqual(list.invalid.map(\.name), ["dash", "-x y", "mail"])
        XCTAssertLessThan(try XCTUnwrap(text.range(of: "web.lan")).lowerBound, try XCTUnwrap(text.range(of: dashRaw)).lowerBound)
        XCTAssertLessThan(try XCTUnwrap(text.range(of: dashRaw)).lowerBound, try XCTUnwrap(text.range(of: "db.lan")).lowerBound)
        XCTAssertThrowsError(try store.add(HostEntry(name: "dash", hostname: "other.lan", user: "me")),
                             "an invalid entry's name stays taken") { XCTAssertEqual($0 as? HostStoreError, .nameTaken(name: "dash")) }
    }

    func testEditingAnInvalidEntryMustPassEveryRule() throws {
        var dash = try XCTUnwrap(store.load().invalidNamed("dash")).entry
        dash.session = "-still-bad"
        XCTAssertThrowsError(try store.replace(named: "dash", with: dash)) { XCTAssertEqual(($0 as? HostValidationError)?.field, "session") }
        dash.session = nil
        try store.replace(named: "dash", with: dash)
        let list = try store.load()
        XCTAssertEqual(list.hosts.map(\.name), ["web", "dash", "db"], "the fixed entry keeps its place")
        XCTAssertEqual(list.invalid.map(\.name), ["-x y", "mail"])
    }

    func testAnInvalidEntryIsRemovedByItsExactName() throws {
        XCTAssertThrowsError(try store.modify { list, _ in try list.removeInvalid(named: "-x") })
        try store.modify { list, _ in _ = try list.removeInvalid(named: "-x y") }
        XCTAssertEqual(try store.load().invalid.map(\.name), ["dash", "mail"])
        XCTAssertFalse(String(decoding: try XCTUnwrap(AtomicFile.read(store.path)), as: UTF8.self).contains("x.lan"))
    }

    /// Trial item 4: a session beside a command override would be unused, so it is refused.
    func testASessionTogetherWithACommandIsRefused() throws {
        var list = HostList()
        let both = HostEntry(name: "d2", hostname: "h.lan", user: "u", session: "other", command: "herdr")
        XCTAssertThrowsError(try list.add(both, now: t0)) { error in
            XCTAssertEqual(error as? HostStoreError, .sessionWithCommand(name: "d2"))
            XCTAssertTrue("\(error)".contains("Put the session in the command"), "\(error)")
        }
        try list.add(HostEntry(name: "d1", hostname: "h.lan", user: "u", command: "herdr"), now: t0)
        XCTAssertThrowsError(try list.replace(named: "d1", with: both, now: t0))
    }
}
