import Foundation
import XCTest
import Files
import TestSupport
@testable import Hosts

/// ssh_config's IdentitiesOnly carried over, and the registry fields of issue 24
/// (`identitiesOnly`, `lastKey`): old files load, the remembered key is written only when it changes.
final class IdentitiesOnlyAndLastKeyTests: XCTestCase {
    private let fingerprint = "SHA256:" + String(repeating: "A", count: 43)

    func testIdentitiesOnlyYesIsCarriedOverAndFirstValueWins() {
        let parsed = SSHConfigImportTests.parse("""
            Host work
                IdentityFile ~/.ssh/work
                IdentitiesOnly yes
            Host other
                IdentitiesOnly no
            Host bad
                IdentitiesOnly sometimes
            Host *
                IdentitiesOnly yes
            """)
        let byName = Dictionary(uniqueKeysWithValues: parsed.entries.map { ($0.alias, $0) })
        XCTAssertEqual(byName["work"]?.identitiesOnly, true)
        XCTAssertEqual(byName["other"]?.identitiesOnly, false, "the first value (no) wins over Host *")
        XCTAssertFalse(byName["work"]?.notCarriedOver.contains { $0.hasPrefix("IdentitiesOnly") } ?? true)
        XCTAssertTrue(parsed.skipped.contains { $0.alias == "bad" && $0.reason.contains("IdentitiesOnly 'sometimes' is not yes or no") },
                      "\(parsed.skipped)")
        var list = HostList()
        let plan = SSHConfigImportPlan.apply(parsed, to: &list, localUser: "ann", now: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(plan.added.first { $0.host.name == "work" }?.host.identitiesOnly, true)
        XCTAssertNil(plan.added.first { $0.host.name == "other" }?.host.identitiesOnly)
    }

    func testOldFilesLoadAndTheNewFieldsRoundTrip() throws {
        let old = Data(#"{"version": 1, "hosts": [{"name": "mac", "hostname": "mac.lan"}]}"#.utf8)
        guard case .success(let list) = HostsFile.decode(old, localUser: "ann") else { return XCTFail("old file") }
        XCTAssertNil(list.hosts[0].identitiesOnly)
        XCTAssertNil(list.hosts[0].lastKey)
        var host = list.hosts[0]
        host.identitiesOnly = true
        host.lastKey = fingerprint
        let data = try HostsFile.encode(HostList([host]))
        guard case .success(let back) = HostsFile.decode(data, localUser: "ann") else { return XCTFail("round trip") }
        XCTAssertEqual(back.hosts[0], host)
        host.lastKey = "SHA256:not-a-fingerprint"
        XCTAssertThrowsError(try host.validate()) { XCTAssertEqual(($0 as? HostValidationError)?.field, "lastKey") }
    }

    func testTheRememberedKeyIsWrittenOnlyWhenItChangesAndOnlyForTheSameAccount() throws {
        let dir = try TemporaryDirectory(prefix: "drover-lastkey")
        defer { dir.remove() }
        let store = HostStore(root: .init(path: dir.file("drover")), localUser: "ann")
        let host = HostEntry(name: "mac", hostname: "mac.lan", user: "ann")
        try store.add(host)
        let before = try store.host(named: "mac")
        try store.rememberKey(fingerprint, for: host)
        XCTAssertEqual(try store.host(named: "mac").lastKey, fingerprint)
        XCTAssertEqual(try store.host(named: "mac").updated, before.updated, "not an edit by the person")
        let modified = try FileManager.default.attributesOfItem(atPath: store.path)[.modificationDate] as? Date
        let inode = try FileManager.default.attributesOfItem(atPath: store.path)[.systemFileNumber] as? Int
        try store.rememberKey(fingerprint, for: host)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: store.path)[.systemFileNumber] as? Int, inode,
                       "the same key again writes nothing (an atomic write would replace the file)")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: store.path)[.modificationDate] as? Date, modified)
        var moved = host
        moved.hostname = "other.lan"
        try store.rememberKey("SHA256:" + String(repeating: "B", count: 43), for: moved)
        XCTAssertEqual(try store.host(named: "mac").lastKey, fingerprint, "an entry edited meanwhile is left alone")
    }

    /// The remembered key belongs to the account it logged in to: an edit of the address, port
    /// or user forgets it; any other edit (identity files, session) keeps it.
    func testAnEditOfTheAccountForgetsTheRememberedKey() throws {
        var host = HostEntry(name: "mac", hostname: "mac.lan", user: "ann")
        host.lastKey = fingerprint
        var list = HostList()
        try list.add(host, now: Date(timeIntervalSince1970: 0))
        var other = host
        other.identity = ["~/.ssh/work"]
        try list.replace(named: "mac", with: other, now: Date(timeIntervalSince1970: 1))
        XCTAssertEqual(list.named("mac")?.lastKey, fingerprint)
        other.user = "bob"
        try list.replace(named: "mac", with: other, now: Date(timeIntervalSince1970: 2))
        XCTAssertNil(list.named("mac")?.lastKey)
    }
}
