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
}
