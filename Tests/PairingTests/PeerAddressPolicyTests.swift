import XCTest
@testable import Pairing

/// The peer-address rule: tailnet or loopback by default, others only with --any-network.
final class PeerAddressPolicyTests: XCTestCase {
    func testTailnetRanges() {
        for address in ["100.64.0.1", "100.127.255.255", "100.101.102.103", "fd7a:115c:a1e0::1",
                        "fd7a:115c:a1e0:ab12::9", "::ffff:100.100.1.1"] {
            XCTAssertEqual(PeerAddressPolicy.network(of: address), .tailnet, address)
            XCTAssertTrue(PeerAddressPolicy.accepts(address, anyNetwork: false), address)
        }
    }

    func testLoopback() {
        for address in ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1"] {
            XCTAssertEqual(PeerAddressPolicy.network(of: address), .loopback, address)
        }
    }

    func testOtherNetworksNeedTheSwitch() {
        for address in ["100.63.255.255", "100.128.0.0", "192.168.1.10", "10.0.0.1", "fd7a:115c:a1e1::1", "2001:db8::1", "fe80::1%eth0"] {
            XCTAssertEqual(PeerAddressPolicy.network(of: address), .other, address)
            XCTAssertFalse(PeerAddressPolicy.accepts(address, anyNetwork: false), address)
            XCTAssertTrue(PeerAddressPolicy.accepts(address, anyNetwork: true), address)
        }
    }

    func testNamesAreNotAddresses() {
        XCTAssertEqual(PeerAddressPolicy.network(of: "localhost"), .unparseable)
        XCTAssertFalse(PeerAddressPolicy.accepts("box.ts.net", anyNetwork: true))
    }
}
