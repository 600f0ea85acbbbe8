import Foundation
import XCTest
import TestSupport

/// Issue 24, a server restricted to weak algorithms, end to end: the built `drover attach`
/// stops with the server's offer and the command that allows it; `--legacy-algorithms` on
/// attach connects for this run, and the registry entry is left as it was (ADR 0021).
final class AttachLegacyAlgorithmsTests: XCTestCase {
    private let names = "diffie-hellman-group14-sha1,aes128-cbc,hmac-sha1"

    func testAttachIsRefusedWithTheCommandThenConnectsWithTheSettingForThisRun() throws {
        let harness = try AttachHarness(sshdConfig: ["KexAlgorithms diffie-hellman-group14-sha1", "Ciphers aes128-cbc",
                                                     "MACs hmac-sha1"])
        defer { harness.tearDown() }
        try harness.registerHost(command: harness.standinCommand)
        try harness.startOuterTerminal(width: 160, height: 40)

        try harness.startAttach()
        let (status, screen) = try harness.waitForExit()
        XCTAssertNotEqual(status, 0, screen)
        let joined = screen.replacingOccurrences(of: "\n", with: "")
        XCTAssertTrue(joined.contains("127.0.0.1:\(harness.sshd.port) offers only weak algorithms"), screen)
        XCTAssertTrue(joined.contains("'drover hosts edit e2e --legacy-algorithms \(names)'"), screen)

        try harness.attachTrusting(until: "inner$", options: "--legacy-algorithms \(names)")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit(number: 2).status, 0)
        XCTAssertFalse(try harness.drover(["hosts", "show", "e2e"]).contains("legacy"), "attach changes no setting")
    }
}
