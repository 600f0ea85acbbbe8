import XCTest
@testable import Hosts

final class HostListTests: XCTestCase {
    private let t0 = Date(timeIntervalSince1970: 1_000)
    private let t1 = Date(timeIntervalSince1970: 2_000)

    func testAddStampsTimesAndRefusesDuplicateName() throws {
        var list = HostList()
        try list.add(HostEntry(name: "a", hostname: "a.lan", user: "u"), now: t0)
        XCTAssertEqual(list.hosts[0].created, t0)
        XCTAssertEqual(list.hosts[0].updated, t0)
        XCTAssertThrowsError(try list.add(HostEntry(name: "a", hostname: "b.lan", user: "u"), now: t1)) {
            XCTAssertEqual($0 as? HostStoreError, .nameTaken(name: "a"))
        }
    }

    func testAnExactTwinIsRefusedNamingTheExistingHost() throws {
        var list = HostList()
        try list.add(HostEntry(name: "web", hostname: "web.lan", port: 2222, user: "u"), now: t0)
        XCTAssertThrowsError(try list.add(HostEntry(name: "web2", hostname: "WEB.lan", port: 2222, user: "u"), now: t1)) { error in
            XCTAssertEqual(error as? HostStoreError, .twin(entry: "u@WEB.lan:2222, herdr's default session", existingName: "web"))
            XCTAssertTrue("\(error)".contains("is already registered as 'web'"), "\(error)")
            XCTAssertTrue("\(error)".contains("'drover hosts edit web --session S'"), "\(error)")
        }
        XCTAssertNoThrow(try list.add(HostEntry(name: "web2", hostname: "web.lan", port: 22, user: "u"), now: t1))
    }

    /// Issue 9 item 3: one computer, several sessions (or commands), each its own entry.
    func testEntriesMayShareAnAccountWhenSessionOrCommandDiffer() throws {
        var list = HostList()
        try list.add(HostEntry(name: "mac-work", hostname: "mac.lan", user: "ann", session: "work"), now: t0)
        try list.add(HostEntry(name: "mac-play", hostname: "mac.lan", user: "ann", session: "play"), now: t0)
        try list.add(HostEntry(name: "mac", hostname: "mac.lan", user: "ann"), now: t0)
        try list.add(HostEntry(name: "mac-top", hostname: "mac.lan", user: "ann", command: "top"), now: t0)
        XCTAssertEqual(list.hosts.map(\.name), ["mac-work", "mac-play", "mac", "mac-top"])
        XCTAssertEqual(list.hosts.filter { $0.hasSameAccount(as: HostEntry(name: "x", hostname: "MAC.lan", user: "ann")) }.count, 4)
        XCTAssertThrowsError(try list.add(HostEntry(name: "twin", hostname: "mac.lan", user: "ann", session: "play"), now: t1)) {
            XCTAssertEqual($0 as? HostStoreError, .twin(entry: "ann@mac.lan:22, herdr session 'play'", existingName: "mac-play"))
        }
        XCTAssertThrowsError(try list.add(HostEntry(name: "twin", hostname: "mac.lan", user: "ann", command: "top"), now: t1)) {
            XCTAssertEqual($0 as? HostStoreError, .twin(entry: "ann@mac.lan:22 with its command override", existingName: "mac-top",
                                                        existingHasCommand: true))
        }
        var play = list.named("mac-play")!
        play.session = "work"
        XCTAssertThrowsError(try list.replace(named: "mac-play", with: play, now: t1)) {
            XCTAssertEqual($0 as? HostStoreError, .twin(entry: "ann@mac.lan:22, herdr session 'work'", existingName: "mac-work"))
        }
        play.session = "games"
        XCTAssertNoThrow(try list.replace(named: "mac-play", with: play, now: t1))
    }

    /// New-user trial: a second entry for the same account and command through a jump host is
    /// another route, not a twin; the same route again is one.
    func testTheJumpRouteIsPartOfWhatMakesATwin() throws {
        var list = HostList()
        try list.add(HostEntry(name: "demo", hostname: "127.0.0.1", port: 48163, user: "root", command: "herdr-standin"), now: t0)
        var viaDemo = HostEntry(name: "demoj", hostname: "127.0.0.1", port: 48163, user: "root", command: "herdr-standin")
        viaDemo.jump = ["demo"]
        XCTAssertNoThrow(try list.add(viaDemo, now: t1))
        viaDemo.name = "demoj2"
        XCTAssertThrowsError(try list.add(viaDemo, now: t1)) {
            XCTAssertEqual($0 as? HostStoreError, .twin(entry: "root@127.0.0.1:48163 via demo with its command override",
                                                        existingName: "demoj", existingHasCommand: true))
        }
        viaDemo.jump = ["demo", "ann@10.0.0.1:2222"]
        XCTAssertNoThrow(try list.add(viaDemo, now: t1), "a longer route is another route")
        var direct = list.named("demoj")!
        direct.jump = nil
        XCTAssertThrowsError(try list.replace(named: "demoj", with: direct, now: t1), "dropping the jump makes it demo's twin") {
            XCTAssertEqual(($0 as? HostStoreError).map { "\($0)" }?.hasPrefix("root@127.0.0.1:48163 with its command override"), true)
        }
    }

    /// The twin message suggests only changes the existing entry accepts: a session cannot be
    /// given beside a command, so an entry with a command is offered --command instead.
    func testTheTwinMessageSuggestsOnlyWorkingChanges() throws {
        let withCommand = "\(HostStoreError.twin(entry: "x", existingName: "demo", existingHasCommand: true))"
        XCTAssertFalse(withCommand.contains("--session"), withCommand)
        XCTAssertTrue(withCommand.contains("'drover hosts edit demo --command CMD'"), withCommand)
        XCTAssertTrue(withCommand.contains("Give a different --command or --jump"), withCommand)
        let withSession = "\(HostStoreError.twin(entry: "x", existingName: "web", existingHasCommand: false))"
        XCTAssertTrue(withSession.contains("'drover hosts edit web --session S'"), withSession)
        XCTAssertFalse(withSession.contains("--command"), withSession)
        // The same HostList path produces the flag from the entry that exists.
        var list = HostList()
        try list.add(HostEntry(name: "demo", hostname: "h.lan", user: "u", command: "c"), now: t0)
        XCTAssertThrowsError(try list.add(HostEntry(name: "d2", hostname: "h.lan", user: "u", command: "c"), now: t1)) {
            XCTAssertFalse("\($0)".contains("--session"), "\($0)")
        }
    }

    func testReplaceKeepsCreationTimeAndChecksConflictsWithOthersOnly() throws {
        var list = HostList()
        try list.add(HostEntry(name: "a", hostname: "a.lan", user: "u"), now: t0)
        try list.add(HostEntry(name: "b", hostname: "b.lan", user: "u"), now: t0)
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
        a.session = nil
        XCTAssertThrowsError(try list.replace(named: "a2", with: a, now: t1)) {
            XCTAssertEqual($0 as? HostStoreError, .twin(entry: "u@b.lan:22, herdr's default session", existingName: "b"))
        }
        XCTAssertThrowsError(try list.replace(named: "zzz", with: a, now: t1)) { XCTAssertEqual($0 as? HostStoreError, .notFound(name: "zzz")) }
    }

    func testUpsertUpdatesTheSameAccountAndSessionInPlaceInsteadOfMakingATwin() throws {
        var list = HostList()
        try list.add(HostEntry(name: "desk", hostname: "10.0.0.5", user: "u", command: "my-herdr", auth: [.agent]), now: t0)
        let outcome = try list.upsert(HostEntry(name: "paired", hostname: "10.0.0.5", user: "u", platform: .windows), now: t1)
        guard case .updated(let host) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(host.name, "desk")
        XCTAssertEqual(host.platform, .windows)
        XCTAssertEqual(host.command, "my-herdr", "a command override the person set survives pairing")
        XCTAssertEqual(host.auth, [.agent], "so does their auth preference")
        XCTAssertEqual(host.created, t0)
        XCTAssertEqual(list.hosts.count, 1)
    }

    /// Pairing the same computer for another session adds an entry and leaves the first alone.
    func testUpsertOfAnotherSessionOfTheSameAccountAddsAnEntry() throws {
        var list = HostList()
        try list.add(HostEntry(name: "mac", hostname: "10.0.0.5", user: "u", session: "work"), now: t0)
        try list.add(HostEntry(name: "mac-default", hostname: "10.0.0.5", user: "u"), now: t0)
        let outcome = try list.upsert(HostEntry(name: "mac", hostname: "10.0.0.5", user: "u", session: "play"), now: t1)
        guard case .added(let host) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(host.name, "mac-2")
        XCTAssertEqual(host.session, "play")
        XCTAssertEqual(list.named("mac")?.session, "work")
        XCTAssertEqual(list.named("mac")?.updated, t0, "the work entry is untouched")
        guard case .updated(let again) = try list.upsert(HostEntry(name: "x", hostname: "10.0.0.5", user: "u"), now: t1) else {
            return XCTFail("the default-session entry should be updated")
        }
        XCTAssertEqual(again.name, "mac-default")
        XCTAssertEqual(list.hosts.count, 3)
    }

    func testUpsertOfNewAccountWithTakenNamePicksAFreeName() throws {
        var list = HostList()
        try list.add(HostEntry(name: "desk", hostname: "10.0.0.5", user: "u"), now: t0)
        try list.add(HostEntry(name: "desk-2", hostname: "10.0.0.6", user: "u"), now: t0)
        let outcome = try list.upsert(HostEntry(name: "desk", hostname: "10.0.0.7", user: "u"), now: t1)
        guard case .added(let host) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(host.name, "desk-3")
        XCTAssertEqual(list.hosts.map(\.name), ["desk", "desk-2", "desk-3"])
        XCTAssertEqual(HostList().freeName(like: "x"), "x")
        var long = HostList()
        try long.add(HostEntry(name: String(repeating: "n", count: 64), hostname: "h", user: "u"), now: t0)
        XCTAssertEqual(long.freeName(like: String(repeating: "n", count: 64)), String(repeating: "n", count: 62) + "-2")
    }

    func testRemove() throws {
        var list = HostList([HostEntry(name: "a", hostname: "a", user: "u")])
        XCTAssertEqual(try list.remove(named: "a").name, "a")
        XCTAssertThrowsError(try list.remove(named: "a")) { XCTAssertEqual($0 as? HostStoreError, .notFound(name: "a")) }
    }
}
