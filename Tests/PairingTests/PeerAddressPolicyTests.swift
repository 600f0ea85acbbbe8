import XCTest
@testable import Pairing

/// The peer-address rule: tailnet or loopback by default, private LANs with
/// --not-for-herdr-app, others only with --any-network; and the one-time key's `from=`
/// patterns for the same reaches.
final class PeerAddressPolicyTests: XCTestCase {
    func testTailnetRanges() {
        for address in ["100.64.0.1", "100.127.255.255", "100.101.102.103", "fd7a:115c:a1e0::1",
                        "fd7a:115c:a1e0:ab12::9", "::ffff:100.100.1.1"] {
            XCTAssertEqual(PeerAddressPolicy.network(of: address), .tailnet, address)
            XCTAssertTrue(PeerAddressPolicy.accepts(address, reach: .tailnet), address)
        }
    }

    func testLoopback() {
        for address in ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1"] {
            XCTAssertEqual(PeerAddressPolicy.network(of: address), .loopback, address)
            XCTAssertTrue(PeerAddressPolicy.accepts(address, reach: .tailnet), address)
        }
    }

    func testPrivateLANNeedsTheLANReach() {
        for address in ["192.168.1.10", "10.0.0.1", "172.16.0.1", "172.31.255.255", "fd00::1", "fc00::2",
                        "fd7a:115c:a1e1::1", "::ffff:192.168.1.1"] {
            XCTAssertEqual(PeerAddressPolicy.network(of: address), .privateLAN, address)
            XCTAssertFalse(PeerAddressPolicy.accepts(address, reach: .tailnet), address)
            XCTAssertTrue(PeerAddressPolicy.accepts(address, reach: .privateLAN), address)
        }
    }

    func testOtherNetworksNeedAnyNetwork() {
        for address in ["100.63.255.255", "100.128.0.0", "172.32.0.1", "8.8.8.8", "2001:db8::1", "fe80::1%eth0"] {
            XCTAssertEqual(PeerAddressPolicy.network(of: address), .other, address)
            XCTAssertFalse(PeerAddressPolicy.accepts(address, reach: .tailnet), address)
            XCTAssertFalse(PeerAddressPolicy.accepts(address, reach: .privateLAN), address)
            XCTAssertTrue(PeerAddressPolicy.accepts(address, reach: .anyNetwork), address)
        }
    }

    func testNamesAreNotAddresses() {
        XCTAssertEqual(PeerAddressPolicy.network(of: "localhost"), .unparseable)
        XCTAssertFalse(PeerAddressPolicy.accepts("box.ts.net", reach: .anyNetwork))
    }

    /// `from=` follows the code's addresses: the tailnet and loopback, plus the private ranges
    /// for a --not-for-herdr-app code.
    func testSourcePatternsMatchTheReach() {
        XCTAssertEqual(PeerAddressPolicy.Reach.tailnet.sourcePatterns, "100.64.0.0/10,fd7a:115c:a1e0::/48,127.0.0.1,::1")
        XCTAssertEqual(PeerAddressPolicy.Reach.privateLAN.sourcePatterns,
                       "100.64.0.0/10,fd7a:115c:a1e0::/48,127.0.0.1,::1,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7")
    }
}
