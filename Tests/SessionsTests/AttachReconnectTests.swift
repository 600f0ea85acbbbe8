import Foundation
import XCTest
import TestSupport

/// The screen outlives the connection: when the link drops, Drover says so, keeps showing the
/// session as it was, retries with backoff, and reattaches by itself once the host is back.
final class AttachReconnectTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.registerHost(command: harness.standinCommand)
        try harness.startOuterTerminal(width: 100, height: 30)
    }

    override func tearDown() {
        harness?.tearDown()
    }

    func testDroppedLinkKeepsTheScreenSaysSoAndReattachesByItself() throws {
        try harness.attachTrusting(until: "inner$")
        try harness.type("echo before-$((1+1))\n")
        try harness.waitFor("before-2")

        try harness.sshd.stopAndDropConnections()
        let during = try harness.waitFor("reconnecting")
        XCTAssertTrue(during.contains("e2e: connection lost"), during)
        XCTAssertTrue(during.contains("before-2"), "the kept screen stays visible while reconnecting:\n\(during)")

        try harness.sshd.restart()
        try harness.waitUntil("the status line gone after reattaching", timeout: 30) {
            !$0.contains("reconnecting") && !$0.contains("connecting to") && $0.contains("before-2")
        }
        try harness.type("echo after-$((2+2))\n")
        try harness.waitFor("after-4")

        try harness.keys("C-]", "d")
        let (status, screen) = try harness.waitForExit()
        XCTAssertEqual(status, 0, screen)
        XCTAssertTrue(screen.contains("Detached from e2e"), screen)
    }
}
