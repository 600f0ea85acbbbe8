import Foundation
import Files
import Hosts
import Identity
@testable import Pairing
import TestSupport
import XCTest
import LibC

/// Pairing two computers outside the tailnet: refused without --not-for-herdr-app, and behind
/// it on both sides a code that works Drover to Drover, says the herdr app will not accept it,
/// and whose one-time key admits the private LAN ranges as well.
final class PairingBeyondTailnetTests: PairingEndToEndCase {
    func testALANHostIsRefusedWithoutTheOptionAndNothingIsWritten() throws {
        let before = try authorizedLines()
        let host = try DroverChild(["pair-host", "--host", "192.168.1.20", "--port", String(sshd.port), "--link",
                                    "--test-authorized-keys", keysPath, "--test-state", stateDir],
                                   environment: ["DROVER_PAIR_TEST": "1", "DROVER_HOME": hostHome])
        let result = host.finish()
        XCTAssertEqual(result.status, 2, result.output)
        XCTAssertTrue(result.output.contains("--host: '192.168.1.20' is outside Tailscale's IPv4 range 100.64.0.0/10, "
                                             + "so the herdr app would refuse the code"), result.output)
        XCTAssertTrue(result.output.contains("add --not-for-herdr-app"), result.output)
        XCTAssertFalse(result.output.contains("herdr://pair?"), result.output)
        XCTAssertEqual(try authorizedLines(), before, "nothing is written to authorized_keys")
        XCTAssertEqual(stateFiles(), [])
    }

    func testWithTheOptionTheCodeWorksDroverToDroverAndSaysTheAppWillNotAcceptIt() throws {
        let (host, link) = try startHost(["--not-for-herdr-app"], hosts: ["127.0.0.1", "192.168.1.20"])
        XCTAssertTrue(hostText.contains("The herdr app will not accept this code: '127.0.0.1' is outside Tailscale's "
                                        + "IPv4 range 100.64.0.0/10. It is for another computer running Drover."), hostText)
        XCTAssertTrue(hostText.contains("for 'drover pair --scan PICTURE --not-for-herdr-app' on the other computer"), hostText)
        XCTAssertTrue(hostText.contains("on the other computer run 'drover pair --not-for-herdr-app -'"), hostText)
        XCTAssertFalse(hostText.contains("Scan this code with the herdr app"), hostText)
        let offered = try XCTUnwrap(try authorizedLines().first { $0.contains(" herdr-pair:") })
        XCTAssertTrue(offered.contains(#"from="100.64.0.0/10,fd7a:115c:a1e0::/48,127.0.0.1,::1,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7""#),
                      offered)

        let withoutOption = try startClient(link).finish()
        XCTAssertEqual(withoutOption.status, 1)
        XCTAssertTrue(withoutOption.output.contains("to pair with it, run: drover pair --not-for-herdr-app --yes --no-attach --name test-laptop -\n"), withoutOption.output)
        XCTAssertFalse(withoutOption.output.contains("Connecting to"), withoutOption.output)

        let client = try startClient(link, extra: ["--not-for-herdr-app"])
        approve(host)
        let clientResult = client.finish()
        XCTAssertEqual(clientResult.status, 0, clientResult.output)
        XCTAssertEqual(host.finish().status, 0)
        XCTAssertEqual(try savedHosts().map(\.hostname), ["127.0.0.1"])
        let device = try deviceKeyBase64()
        XCTAssertTrue(try authorizedLines().contains { $0.hasPrefix("ssh-ed25519 \(device) drover:test-laptop:") })
        XCTAssertFalse(try authorizedLines().contains { $0.contains("herdr-pair:") })
    }

    /// Without the option the one-time key admits only the tailnet and loopback.
    func testWithoutTheOptionTheOneTimeKeyAdmitsOnlyTheTailnetAndLoopback() throws {
        let (host, _) = try startHost()
        let offered = try XCTUnwrap(try authorizedLines().first { $0.contains(" herdr-pair:") })
        XCTAssertTrue(offered.contains(#"from="100.64.0.0/10,fd7a:115c:a1e0::/48,127.0.0.1,::1","#), offered)
        XCTAssertTrue(hostText.contains("Scan this code with the herdr app"), hostText)
        host.process.signal(SIGTERM)
        host.finish()
    }

    /// A code naming an address outside the tailnet reads only with --not-for-herdr-app; a
    /// private LAN peer is then used, any other only with --any-network as well.
    func testPeerOutsideTailnetAndLoopbackNeedsTheOptionAndItsReach() throws {
        guard let address = Self.nonLoopbackIPv4() else { throw XCTSkip("no non-loopback IPv4 address here") }
        let outside = try TestSSHD(listenAddress: address)
        defer { outside.tearDown() }
        let link = PairingLink(id: "abcdefghijklmnopqrstuw", computerName: "box", user: user, platform: .unix,
                               addresses: [address], port: outside.port, hostKeyFingerprints: [try outside.hostKeyFingerprint()],
                               seed: Array(repeating: 7, count: 32), expiry: Int64(Date().timeIntervalSince1970) + 300).format()
        let unread = try startClient(link).finish()
        XCTAssertEqual(unread.status, 1)
        XCTAssertTrue(unread.output.contains("to pair with it, run: drover pair --not-for-herdr-app --yes --no-attach --name test-laptop -\n"), unread.output)
        XCTAssertFalse(unread.output.contains("Connecting to"), unread.output)

        let lan = try startClient(link, extra: ["--not-for-herdr-app"]).finish()
        XCTAssertEqual(lan.status, 1)
        if PeerAddressPolicy.network(of: address) == .privateLAN {
            XCTAssertTrue(lan.output.contains("did not accept the code's one-time key"), lan.output)
        } else {
            XCTAssertTrue(lan.output.contains("\(address): not tried: it is not a tailnet, loopback or private LAN address"),
                          lan.output)
            XCTAssertFalse(outside.log.contains("Connection from"), outside.log)
        }

        let allowed = try startClient(link, extra: ["--not-for-herdr-app", "--any-network"]).finish()
        XCTAssertTrue(allowed.output.contains("warning: --any-network"), allowed.output)
        XCTAssertTrue(allowed.output.contains("did not accept the code's one-time key"), allowed.output)
    }


    static func nonLoopbackIPv4() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let sa = entry.pointee.ifa_addr, sa.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: 64)
            getnameinfo(sa, socklen_t(MemoryLayout<sockaddr_in>.size), &host, 64, nil, 0, NI_NUMERICHOST)
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if [.other, .privateLAN].contains(PeerAddressPolicy.network(of: text)) { return text }
        }
        return nil
    }
}
