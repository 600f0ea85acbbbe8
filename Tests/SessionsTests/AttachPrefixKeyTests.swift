import Foundation
import XCTest
import TestSupport

/// Drover's prefix key end to end: `ctrl+] ?` shows the help and the key that closes it stays
/// with Drover; `ctrl+] ctrl+]` sends one ctrl+] to the app; `ctrl+] d` detaches.
final class AttachPrefixKeyTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.registerHost(command: AttachHarness.fixtureCommand(["2004h"]))
        try harness.startOuterTerminal(width: 100, height: 30)
    }

    override func tearDown() {
        harness?.tearDown()
    }

    func testPrefixKeysReachDroverAndTheDoubledPrefixReachesTheApp() throws {
        try harness.attachTrusting(until: "READY 2004h")

        try harness.keys("C-]", "?")
        try harness.waitFor("drover keys")
        try harness.keys("x")
        try harness.waitUntil("the help to close") { !$0.contains("drover keys") }
        try harness.keys("C-]", "C-]")
        try harness.type("a")
        let text = try harness.waitUntil("the app's report of ctrl+] and a") { AttachHarness.receivedHex(in: $0).contains("61") }
        XCTAssertEqual(AttachHarness.receivedHex(in: text), "1d61",
                       "only the doubled prefix (as one ctrl+]) and a reach the app; ? and the key closing the help do not")

        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    /// New-user trial: with one host, `ctrl+] h` showed a status line and the Escape pressed to
    /// close it reached the host. It now opens the same list as with several hosts, and the
    /// Escape that closes it stays with Drover.
    func testThePickerOpensForOneHostAndItsEscapeStaysWithDrover() throws {
        try harness.attachTrusting(until: "READY 2004h")
        let picker = try harness.openHostList()
        XCTAssertTrue(picker.contains("1  e2e  attached (in front)"), picker)
        try harness.escape()
        try harness.type("a")
        let text = try harness.waitUntil("the app's report of a") { AttachHarness.receivedHex(in: $0).contains("61") }
        XCTAssertEqual(AttachHarness.receivedHex(in: text), "61", "the Escape that closed the picker never reached the app")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
