import XCTest
@testable import Pairing

/// The "no address worked" advice fits the reach the person chose: it never suggests an
/// option already given, and a LAN code is not told to use a tailnet.
final class PairingClientErrorTests: XCTestCase {
    let attempts = ["192.168.1.20: connection refused"]

    func testOnTheTailnetItSuggestsAnyNetwork() {
        let text = "\(PairingClientError.noAddressWorked(attempts, reach: .tailnet))"
        XCTAssertTrue(text.hasPrefix("could not reach the computer at any address of the code:\n  192.168.1.20: connection refused\n"), text)
        XCTAssertTrue(text.hasSuffix("Check that both devices are on the same tailnet and sshd runs there, or pass "
                                     + "--any-network if you really pair over another network; then run the pairing command again"), text)
    }

    func testWithTheLANOptionItNamesTheLAN() {
        let text = "\(PairingClientError.noAddressWorked(attempts, reach: .privateLAN))"
        XCTAssertTrue(text.contains("on the same tailnet or LAN"), text)
        XCTAssertTrue(text.contains("add --any-network"), text)
    }

    func testWithAnyNetworkItDoesNotSuggestItAgain() {
        let text = "\(PairingClientError.noAddressWorked(attempts, reach: .anyNetwork))"
        XCTAssertFalse(text.contains("--any-network"), text)
        XCTAssertTrue(text.hasSuffix("Check that the computer is reachable at one of these addresses and that sshd runs there; "
                                     + "then run the pairing command again"), text)
    }

    /// The refusal fits both of its causes and says how to get a code that works.
    func testDeniedNamesBothCausesAndANewCode() {
        XCTAssertEqual("\(PairingClientError.denied)",
                       "The computer refused this device: the request was denied there, or another device had already used "
                       + "this code (then deny that device's request on the computer). Run the pairing command on the computer "
                       + "again for a new code, then pair again.")
    }
}
