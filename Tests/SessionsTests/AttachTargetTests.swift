import XCTest
import Hosts
@testable import Sessions

final class AttachTargetTests: XCTestCase {
    let mac = Hosts.Host(name: "mac", hostname: "mac.tail.ts.net", port: 2222, user: "ann", platform: .unix, session: "work")
    let win = Hosts.Host(name: "pc", hostname: "100.64.1.2", user: "bob", platform: .windows)

    func testRegistryNameUsesTheHostsCommand() throws {
        let t = try AttachTarget.resolve("mac", in: [mac, win], localUser: "me")
        XCTAssertEqual(t.endpoint.description, "ann@mac.tail.ts.net:2222")
        XCTAssertEqual(t.command, #"exec "$SHELL" -lc 'herdr session attach work'"#)
        XCTAssertEqual(try AttachTarget.resolve("pc", in: [mac, win], localUser: "me").command, "herdr")
    }

    func testAddressDefaultsToLocalUserPort22AndUnixCommand() throws {
        let t = try AttachTarget.resolve("10.0.0.5", in: [], localUser: "me")
        XCTAssertEqual(t.endpoint, .init(host: "10.0.0.5", port: 22, user: "me"))
        XCTAssertEqual(t.command, #"exec "$SHELL" -lc 'herdr'"#)
        XCTAssertNil(t.host)
    }

    func testAddressOfARegisteredAccountKeepsItsSettings() throws {
        let t = try AttachTarget.resolve("bob@100.64.1.2", in: [mac, win], localUser: "me")
        XCTAssertEqual(t.displayName, "pc")
        XCTAssertEqual(t.command, "herdr")
    }

    func testIPv6WithPort() throws {
        let t = try AttachTarget.resolve("root@[::1]:2200", in: [], localUser: "me")
        XCTAssertEqual(t.endpoint, .init(host: "::1", port: 2200, user: "root"))
    }

    func testUnknownNameListsKnownHosts() {
        XCTAssertThrowsError(try AttachTarget.resolve("macbook", in: [mac], localUser: "me")) {
            XCTAssertEqual("\($0)", "no host named 'macbook'. Known hosts: mac. Use one of them or user@host[:port].")
        }
    }
}
