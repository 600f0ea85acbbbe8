import XCTest
import Hosts
@testable import Sessions

/// How a host's `--jump` list and forwards become an attach target's route (issue 13).
final class JumpRouteTests: XCTestCase {
    func testRegistryHopsUseTheirEntryAndAddressesTheLocalUser() throws {
        let bastion = HostEntry(name: "bastion", hostname: "b.example.com", port: 2200, user: "ops", auth: [.agent])
        var web = HostEntry(name: "web", hostname: "10.0.0.5", user: "ann")
        web.jump = ["bastion", "root@[fd00::1]:2222", "inner.lan"]
        web.forward = ["8080:localhost:80"]
        let target = try AttachTarget.resolve("web", in: [bastion, web], localUser: "me")
        XCTAssertEqual(target.jumps.map(\.name), ["bastion", "root@[fd00::1]:2222", "inner.lan"])
        XCTAssertEqual(target.jumps.map(\.endpoint.description), ["ops@b.example.com:2200", "root@[fd00::1]:2222", "me@inner.lan"])
        XCTAssertEqual(target.jumps[0].auth, [.agent], "a registry hop logs in in its own order")
        XCTAssertEqual(target.jumps[1].auth, AuthMethod.defaultOrder)
        XCTAssertEqual(target.forwards.map(\.description), ["127.0.0.1:8080:localhost:80"])
        let again = try target.attaching(session: "other")
        XCTAssertEqual(again.jumps, target.jumps, "--session keeps the route")
        XCTAssertEqual(again.forwards, target.forwards)
    }

    func testAHostWithoutJumpsConnectsDirectly() throws {
        let target = try AttachTarget.resolve("me@host.lan", in: [], localUser: "me")
        XCTAssertEqual(target.jumps, [])
        XCTAssertEqual(target.forwards, [])
    }
}
