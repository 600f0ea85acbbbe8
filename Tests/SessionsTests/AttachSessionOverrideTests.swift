import Foundation
import XCTest
import TestSupport

/// Issue 9 items 3 and 4 end to end: the built `drover attach NAME --session S` in a tmux pane
/// against a real sshd, logging in as a throwaway account whose login shell finds the herdr
/// stand-in (set to record its arguments and exit). S reaches herdr, the registry entry keeps
/// its own session, and the reattach hint names the session; with herdr missing, the advice
/// for an address without an entry names a command that exists.
final class AttachSessionOverrideTests: XCTestCase {
    private var harness: AttachHarness!
    private var account: ThrowawayAccount!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        account = try ThrowawayAccount(sshd: harness.sshd, profile: """
            HERDR_STANDIN_LOG="$HOME/herdr-argv.log"
            HERDR_STANDIN_RECORD_ONLY=1
            export HERDR_STANDIN_LOG HERDR_STANDIN_RECORD_ONLY

            """)
        try account.authorize(String(contentsOfFile: harness.home + "/device_ed25519.pub", encoding: .utf8))
        try harness.startOuterTerminal(width: 160, height: 30)
    }

    override func tearDown() {
        account?.remove()
        harness?.tearDown()
    }

    private var address: String { "\(account.name)@127.0.0.1:\(harness.sshd.port)" }

    func testSessionOptionAttachesAnotherSessionOnceAndTheHintsNameWorkingCommands() throws {
        try harness.drover(["hosts", "add", "mac-work", address, "--session", "work"])
        try harness.drover(["hosts", "add", "mac-play", address, "--session", "play"])

        try harness.startAttach(hosts: ["mac-work"], options: "--session other")
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        let first = try harness.waitForExit()
        XCTAssertEqual(first.status, 0, first.screen)
        XCTAssertEqual(account.readFile("herdr-argv.log"), "herdr 'session' 'attach' 'other'\n")
        XCTAssertTrue(first.screen.contains("Reattach with 'drover attach mac-work --session other'"), first.screen)
        XCTAssertTrue(try harness.drover(["hosts", "show", "mac-work"]).contains("session:   work\n"))

        // No herdr on the login shell's PATH: the advice for an address without an entry.
        try FileManager.default.removeItem(atPath: account.binDirectory + "/herdr")
        try harness.drover(["hosts", "rm", "mac-work"])
        try harness.drover(["hosts", "rm", "mac-play"])
        try harness.startAttach(hosts: [address])
        let second = try harness.waitForExit(number: 2)
        XCTAssertEqual(second.status, 1, second.screen)
        let advice = "'drover hosts add NAME \(address) --command CMD'"
        XCTAssertTrue(second.screen.contains(advice), second.screen)
        XCTAssertFalse(second.screen.contains("hosts edit \(address)"), second.screen)
        try harness.drover(["hosts", "add", "mac", address, "--command", "true"])
    }
}
