import XCTest
@testable import DroverCLI

/// pair-host's refusal of a host the herdr app would refuse names what works on this
/// computer: its Tailscale names when it has some, else starting Tailscale.
final class PairHostAddressesTests: XCTestCase {
    func testARefusedHostNamesThisComputersTailscaleNames() {
        XCTAssertThrowsError(try PairHostAddresses.choose(given: ["192.168.1.20"], beyondTailnet: false,
                                                          tailscale: { ["box.tail1a2b.ts.net", "box", "100.64.0.7"] })) { error in
            let message = (error as? UsageError)?.message ?? "\(error)"
            XCTAssertTrue(message.hasPrefix("--host: '192.168.1.20' is outside Tailscale's IPv4 range"), message)
            XCTAssertTrue(message.hasSuffix("Leave out --host to offer this computer's Tailscale names: "
                                            + "box.tail1a2b.ts.net, box, 100.64.0.7"), message)
        }
    }

    func testWithoutTailscaleTheRefusalSaysToStartIt() {
        XCTAssertThrowsError(try PairHostAddresses.choose(given: ["example.com"], beyondTailnet: false, tailscale: { nil })) { error in
            let message = (error as? UsageError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("add --not-for-herdr-app"), message)
            XCTAssertTrue(message.hasSuffix("Tailscale is not running here (or has no name the herdr app accepts): start it, "
                                            + "then run 'drover pair-host' without --host to offer its names"), message)
            XCTAssertFalse(message.contains("Leave out --host"), message)
        }
    }

    /// With the option the Tailscale advice is not given: the refusal is about the LAN rule.
    func testWithTheOptionAPublicAddressIsRefusedWithoutTailscaleAdvice() {
        XCTAssertThrowsError(try PairHostAddresses.choose(given: ["203.0.113.5"], beyondTailnet: true, tailscale: { nil })) { error in
            let message = (error as? UsageError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("is not on the tailnet, loopback or a private LAN"), message)
            XCTAssertFalse(message.contains("Tailscale is not running"), message)
        }
    }
}
