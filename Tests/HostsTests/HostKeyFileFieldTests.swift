import Foundation
import XCTest
@testable import Hosts

/// `hostKeyFile` (`--host-key-file`): the .pub file on the host that the trust question names
/// (issue 32). Old registries lack it and load; it is written only when set; a value that is
/// not an absolute .pub path is refused, naming the field.
final class HostKeyFileFieldTests: XCTestCase {
    func testTheFieldRoundTripsIsLeftOutWhenUnsetAndIsChecked() throws {
        let old = #"{"version": 1, "hosts": [{"name": "box", "hostname": "box.lan", "user": "ada"}]}"#
        let loaded = try HostsFile.decode(Data(old.utf8), localUser: "ada").get().hosts
        XCTAssertEqual(loaded.map(\.hostKeyFile), [nil])
        var host = try XCTUnwrap(loaded.first)
        XCTAssertFalse(String(decoding: try HostsFile.encode(HostList([host])), as: UTF8.self).contains("hostKeyFile"))

        host.hostKeyFile = "/etc/ssh/ssh_host_ed25519_key.pub"
        let text = String(decoding: try HostsFile.encode(HostList([host])), as: UTF8.self)
        XCTAssertEqual(try HostsFile.decode(Data(text.utf8), localUser: "ada").get().hosts, [host])
        XCTAssertNoThrow(try host.validate())
        for bad in ["ssh_host_ed25519_key.pub", "/etc/ssh/ssh_host_ed25519_key", "/tmp/a\u{1b}.pub", ""] {
            host.hostKeyFile = bad
            XCTAssertThrowsError(try host.validate(), bad) { XCTAssertEqual(($0 as? HostValidationError)?.field, "hostKeyFile") }
        }
    }

    /// A Windows host's OpenSSH keeps its keys under a drive: that absolute path is taken for a
    /// windows host, and still refused for a unix one (where it would be a relative path).
    func testAWindowsAbsolutePathIsTakenForAWindowsHost() throws {
        let path = #"C:\ProgramData\ssh\ssh_host_ed25519_key.pub"#
        var host = HostEntry(name: "pc", hostname: "100.64.1.2", user: "bob", platform: .windows)
        host.hostKeyFile = path
        XCTAssertNoThrow(try host.validate())
        XCTAssertNoThrow(try HostRules.checkHostKeyFile("C:/ProgramData/ssh/ssh_host_ed25519_key.pub", windows: true))
        XCTAssertThrowsError(try HostRules.checkHostKeyFile(#"ProgramData\ssh\key.pub"#, windows: true))
        host.platform = .unix
        XCTAssertThrowsError(try host.validate()) { XCTAssertEqual(($0 as? HostValidationError)?.field, "hostKeyFile") }
    }
}
