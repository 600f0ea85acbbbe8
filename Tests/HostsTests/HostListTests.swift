import XCTest
@testable import Hosts

/// Foundation on Linux also exports a `Host` (NSHost); this file means the registry's.
private typealias Host = Hosts.Host

final class HostListTests: XCTestCase {
    private let t0 = Date(timeIntervalSince1970: 1_000)
    private let t1 = Date(timeIntervalSince1970: 2_000)

    func testAddStampsTimesAndRefusesDuplicateName() throws {
        var list = HostList()
        try list.add(Host(name: "a", hostname: "a.lan", user: "u"), now: t0)
        XCTAssertEqual(list.hosts[0].created, t0)
        XCTAssertEqual(list.hosts[0].updated, t0)
        XCTAssertThrowsError(try list.add(Host(name: "a", hostname: "b.lan", user: "u"), now: t1)) {
            XCTAssertEqual($0 as? HostStoreError, .nameTaken(name: "a"))
        }
    }

    func testSameAccountUnderNewNameIsRefusedNamingTheExistingHost() throws {
        var list = HostList()
        try list.add(Host(name: "web", hostname: "web.lan", port: 2222, user: "u"), now: t0)
        XCTAssertThrowsError(try list.add(Host(name: "web2", hostname: "WEB.lan", port: 2222, user: "u"), now: t1)) { error in
            XCTAssertEqual(error as? HostStoreError, .accountTaken(account: "u@WEB.lan:2222", existingName: "web"))
            XCTAssertTrue("\(error)".contains("already registered as 'web'"), "\(error)")
        }
        XCTAssertNoThrow(try list.add(Host(name: "web2", hostname: "web.lan", port: 22, user: "u"), now: t1))
    }

    func testReplaceKeepsCreationTimeAndChecksConflictsWithOthersOnly() throws {
        var list = HostList()
        try list.add(Host(name: "a", hostname: "a.lan", user: "u"), now: t0)
        try list.add(Host(name: "b", hostname: "b.lan", user: "u"), now: t0)
        var a = list.named("a")!
        a.session = "s"
        a.name = "a2"
        try list.replace(named: "a", with: a, now: t1)
        XCTAssertEqual(list.named("a2")?.created, t0)
        XCTAssertEqual(list.named("a2")?.updated, t1)
        XCTAssertNil(list.named("a"))
        a.name = "b"
        XCTAssertThrowsError(try list.replace(named: "a2", with: a, now: t1)) { XCTAssertEqual($0 as? HostStoreError, .nameTaken(name: "b")) }
        a.name = "a2"
        a.hostname = "b.lan"
        XCTAssertThrowsError(try list.replace(named: "a2", with: a, now: t1)) {
            XCTAssertEqual($0 as? HostStoreError, .accountTaken(account: "u@b.lan:22", existingName: "b"))
        }
        XCTAssertThrowsError(try list.replace(named: "zzz", with: a, now: t1)) { XCTAssertEqual($0 as? HostStoreError, .notFound(name: "zzz")) }
    }

    func testUpsertUpdatesTheSameAccountInPlaceInsteadOfMakingATwin() throws {
        var list = HostList()
        try list.add(Host(name: "desk", hostname: "10.0.0.5", user: "u", command: "my-herdr", auth: [.agent]), now: t0)
        let outcome = try list.upsert(Host(name: "paired", hostname: "10.0.0.5", user: "u", session: "main"), now: t1)
        guard case .updated(let host) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(host.name, "desk")
        XCTAssertEqual(host.session, "main")
        XCTAssertEqual(host.command, "my-herdr", "a command override the person set survives pairing")
        XCTAssertEqual(host.auth, [.agent], "so does their auth preference")
        XCTAssertEqual(host.created, t0)
        XCTAssertEqual(list.hosts.count, 1)
    }

    func testUpsertOfNewAccountWithTakenNamePicksAFreeName() throws {
        var list = HostList()
        try list.add(Host(name: "desk", hostname: "10.0.0.5", user: "u"), now: t0)
        try list.add(Host(name: "desk-2", hostname: "10.0.0.6", user: "u"), now: t0)
        let outcome = try list.upsert(Host(name: "desk", hostname: "10.0.0.7", user: "u"), now: t1)
        guard case .added(let host) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(host.name, "desk-3")
        XCTAssertEqual(list.hosts.map(\.name), ["desk", "desk-2", "desk-3"])
        XCTAssertEqual(HostList().freeName(like: "x"), "x")
        var long = HostList()
        try long.add(Host(name: String(repeating: "n", count: 64), hostname: "h", user: "u"), now: t0)
        XCTAssertEqual(long.freeName(like: String(repeating: "n", count: 64)), String(repeating: "n", count: 62) + "-2")
    }

    func testRemove() throws {
        var list = HostList([Host(name: "a", hostname: "a", user: "u")])
        XCTAssertEqual(try list.remove(named: "a").name, "a")
        XCTAssertThrowsError(try list.remove(named: "a")) { XCTAssertEqual($0 as? HostStoreError, .notFound(name: "a")) }
    }
}
