import XCTest
@testable import Hosts

final class HostsFileTests: XCTestCase {
    private func decode(_ json: String) -> Result<HostList, HostsFile.Problem> {
        HostsFile.decode(Data(json.utf8), localUser: "local")
    }

    func testRoundTripKeepsEveryField() throws {
        let full = HostEntry(name: "full", hostname: "2001:db8::7", port: 2222, user: "ada", platform: .windows,
                        session: "main", command: "herdr --x", auth: [.password, .deviceKey],
                        created: Date(timeIntervalSince1970: 1_700_000_000), updated: Date(timeIntervalSince1970: 1_700_000_100))
        let bare = HostEntry(name: "bare", hostname: "bare.lan", user: "bob")
        let list = HostList([full, bare])
        let data = try HostsFile.encode(list)
        XCTAssertEqual(try decode(String(decoding: data, as: UTF8.self)).get(), list)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains(#""version" : 1"#), text)
        XCTAssertTrue(text.contains(#""created" : "2023-11-14T22:13:20Z""#), text)
        XCTAssertTrue(text.contains(#""auth" : ["#) && text.contains(#""device-key""#), text)
        XCTAssertFalse(text.contains("null"), "absent optional fields are left out:\n\(text)")
    }

    /// Identity files and the ~/.ssh/known_hosts switch are written only when set, so older
    /// files and entries that use the defaults stay as they were.
    func testIdentityAndSSHKnownHostsRoundTripAndAreLeftOutWhenUnset() throws {
        var host = HostEntry(name: "work", hostname: "work.lan", user: "ada")
        XCTAssertFalse(String(decoding: try HostsFile.encode(HostList([host])), as: UTF8.self).contains("identity"))
        host.identity = ["~/.ssh/work", "/etc/keys/work"]
        host.sshKnownHosts = false
        let data = try HostsFile.encode(HostList([host]))
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains(#""sshKnownHosts" : false"#), text)
        XCTAssertEqual(try decode(text).get().hosts, [host])
        host.identity = ["bad\nline"]
        XCTAssertThrowsError(try host.validate()) { error in
            XCTAssertEqual((error as? HostValidationError)?.field, "identity")
        }
    }

    /// Issue 28's fields (aliases, the ssh_config name followed, a ProxyCommand, waits) are
    /// written only when set, read back, and checked.
    func testSSHConfigFieldsRoundTripAndAreLeftOutWhenUnset() throws {
        var host = HostEntry(name: "box", hostname: "box.lan", user: "ada")
        let plain = String(decoding: try HostsFile.encode(HostList([host])), as: UTF8.self)
        for key in ["aliases", "sshConfig", "proxyCommand", "connectTimeout", "keepalive"] { XCTAssertFalse(plain.contains(key)) }
        host.aliases = ["boxalias"]
        host.sshConfig = "box"
        host.proxyCommand = "nc %h %p"
        host.connectTimeout = 7
        host.keepalive = 20
        XCTAssertEqual(try decode(String(decoding: try HostsFile.encode(HostList([host])), as: UTF8.self)).get().hosts, [host])
        host.keepalive = 0
        XCTAssertThrowsError(try host.validate()) { XCTAssertEqual(($0 as? HostValidationError)?.field, "keepalive") }
        host.keepalive = nil
        host.aliases = ["-bad"]
        XCTAssertThrowsError(try host.validate()) { XCTAssertEqual(($0 as? HostValidationError)?.field, "name") }
    }

    func testFileWithoutOptionalFieldsLoadsWithDefaults() throws {
        let list = try decode(#"{"version": 1, "hosts": [{"name": "old", "hostname": "old.example.com"}]}"#).get()
        XCTAssertEqual(list.hosts, [HostEntry(name: "old", hostname: "old.example.com", port: 22, user: "local", platform: .unix,
                                         session: nil, command: nil, auth: AuthMethod.defaultOrder, created: nil, updated: nil)])
        XCTAssertEqual(try decode(#"{"version": 1, "hosts": []}"#).get(), HostList())
    }

    func testNewerVersionIsReportedNotRead() {
        XCTAssertEqual(decode(#"{"version": 2, "hosts": [{"name": 5}], "more": true}"#), .failure(.newer(version: 2)))
    }

    func testCorruptFilesAreUnreadableWithAReason() {
        func problem(_ json: String) -> String {
            if case .failure(.unreadable(let why)) = decode(json) { return why }
            XCTFail("expected unreadable: \(json)")
            return ""
        }
        XCTAssertTrue(problem(#"{"version": 1, "hosts": [ {"name": "a""#).hasPrefix("it is not valid JSON"))
        XCTAssertTrue(problem(#"{"hosts": []}"#).contains("no \"version\" field"))
        XCTAssertEqual(problem(#"[1, 2]"#), "it is JSON but not an object")
        XCTAssertTrue(problem(#"{"version": 0, "hosts": []}"#).contains("version 0"))
        XCTAssertEqual(problem(#"{"version": "1", "hosts": []}"#), "version has the wrong type")
        XCTAssertTrue(problem(#"{"version": 1, "hosts": [{"name": "a"}]}"#).contains("\"hostname\""))
        XCTAssertTrue(problem(#"{"version": 1, "hosts": [{"name": "a", "hostname": "h", "port": "x"}]}"#).contains("wrong type"))
        let twice = problem(#"{"version": 1, "hosts": [{"name": "a", "hostname": "h"}, {"name": "a", "hostname": "g"}]}"#)
        XCTAssertTrue(twice.contains("'a' appears twice"), twice)
    }

    /// Found by `scripts/fuzz hostsjson`: an array slot holding no value (`,,`, `[}`) made the
    /// element scan stop advancing and loop for ever.
    func testArraySpansEndOnAnArraySlotWithoutAValue() {
        for text in [#"{"hosts": [1,,2]}"#, #"{"hosts": [}"#] {
            XCTAssertNil(JSONArraySpans.elements(ofTopLevelKey: "hosts", in: Array(text.utf8)), text)
        }
        XCTAssertEqual(JSONArraySpans.elements(ofTopLevelKey: "hosts", in: Array(#"{"hosts": [1, 22]}"#.utf8)),
                       [11..<12, 14..<16])
    }
}
