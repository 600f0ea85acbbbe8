import Foundation
import XCTest
@testable import Hosts

/// `--jump HOST[,HOST...]` and ProxyJump values: what parses, what is refused, and how a
/// hop is written back.
final class JumpHopTests: XCTestCase {
    func testHopsParseInOrderAndAreWrittenBack() throws {
        let hops = try JumpHop.parseList("bastion, ann@10.0.0.1:2222,[2001:db8::1]:22,root@::1")
        XCTAssertEqual(hops.map(\.description), ["bastion", "ann@10.0.0.1:2222", "[2001:db8::1]:22", "root@[::1]"])
        XCTAssertEqual(hops[1].user, "ann")
        XCTAssertEqual(hops[1].port, 2222)
        XCTAssertTrue(hops[0].mayBeName)
        XCTAssertFalse(hops[1].mayBeName)
        XCTAssertEqual(hops[3].host, "::1")
        XCTAssertNil(hops[3].port)
    }

    func testBadHopsAreRefusedNamingTheHop() {
        for (text, bad) in [("a,,b", ""), ("a,b c", "b c"), ("host:0", "host:0"), ("host:70000", "host:70000"),
                            ("ann@", "ann@"), ("[::1", "[::1"), ("a@b@c", "a@b@c"), ("x:y", "x:y"), ("ssh://a", "ssh://a")] {
            XCTAssertThrowsError(try JumpHop.parseList(text), text) { error in
                guard let error = error as? HostValidationError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.field, "jump")
                XCTAssertEqual(error.value, bad, text)
                XCTAssertTrue(error.description.contains(JumpHop.rule))
            }
        }
        XCTAssertThrowsError(try JumpHop.parseList(Array(repeating: "h", count: 9).joined(separator: ",")), "at most 8 hops")
    }

    func testAStoredJumpListIsValidatedWithTheHost() throws {
        var host = HostEntry(name: "web", hostname: "web.lan", user: "ann")
        host.jump = ["bastion", "ann@10.0.0.1:2222"]
        XCTAssertNoThrow(try host.validate())
        XCTAssertEqual(host.jumpHops.map(\.description), ["bastion", "ann@10.0.0.1:2222"])
        host.jump = ["bad host"]
        XCTAssertThrowsError(try host.validate())
        host.jump = []
        XCTAssertThrowsError(try host.validate(), "an empty list is written as no list")
    }

    func testTheJumpListSurvivesTheFileAndIsLeftOutWhenThereIsNone() throws {
        var host = HostEntry(name: "web", hostname: "web.lan", user: "ann")
        let plain = String(decoding: try JSONEncoder().encode(host), as: UTF8.self)
        XCTAssertFalse(plain.contains("jump"), plain)
        host.jump = ["bastion"]
        let decoded = try JSONDecoder().decode(HostEntry.self, from: try JSONEncoder().encode(host))
        XCTAssertEqual(decoded.jump, ["bastion"])
    }

    func testProxyJumpIsCarriedOverAndNoneMeansDirect() {
        let files = SSHConfigFiles(home: "/nonexistent")
        let parsed = SSHConfigImport.parse("""
            Host web
              HostName web.lan
              ProxyJump ann@bastion.lan:2222,hop2
            Host direct
              ProxyJump none
            Host bad
              ProxyJump ssh://bastion
            """, files: files)
        XCTAssertEqual(parsed.entries.first { $0.alias == "web" }?.jump, ["ann@bastion.lan:2222", "hop2"])
        XCTAssertEqual(parsed.entries.first { $0.alias == "web" }?.notCarriedOver, [])
        XCTAssertNil(parsed.entries.first { $0.alias == "direct" }?.jump)
        XCTAssertTrue(parsed.skipped.contains { $0.alias == "bad" && $0.reason.contains("ProxyJump 'ssh://bastion'") },
                      "\(parsed.skipped)")
    }

    /// A hop naming an alias of the file must still reach that alias's computer after the
    /// import: under its registry name when imported, the entry it duplicates when skipped as
    /// a twin, its own user@HostName:Port when its name was taken by another host.
    func testAProxyJumpAliasBecomesTheRegistryNameOrTheFullAccount() throws {
        let files = SSHConfigFiles(home: "/nonexistent")
        let parsed = SSHConfigImport.parse("""
            Host web
              HostName web.lan
              ProxyJump gate,twin,taken,new
            Host gate
              HostName gate.lan
              User ops
              Port 2201
            Host twin
              HostName twin.lan
              User ann
            Host taken
              HostName other.lan
              User bob
              Port 2222
            Host new
              HostName new.lan
            """, files: files)
        var list = HostList()
        let now = Date()
        try list.add(HostEntry(name: "old-twin", hostname: "twin.lan", port: 22, user: "ann"), now: now)
        try list.add(HostEntry(name: "gate", hostname: "10.1.1.1", port: 22, user: "root"), now: now)
        try list.add(HostEntry(name: "taken", hostname: "unrelated.lan", port: 22, user: "zed"), now: now)
        let plan = SSHConfigImportPlan.apply(parsed, to: &list, localUser: "me", now: now)
        XCTAssertEqual(plan.added.first { $0.host.name == "web" }?.host.jump,
                       ["ops@gate.lan:2201", "old-twin", "bob@other.lan:2222", "new"])
        XCTAssertEqual(list.named("new")?.hostname, "new.lan", "the alias imported under its own name is named")
    }
}
