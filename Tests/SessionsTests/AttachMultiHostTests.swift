import Foundation
import XCTest
import TestSupport

/// `drover attach a b` end to end: two hosts (two sshds with their own host keys), each
/// running its own stand-in session. b's new host key is asked about only when b comes to the
/// front. Input goes to the host in front only, switching shows the other host's kept (and
/// current) screen, a hidden host takes the local size when it comes forward, the picker
/// lists both, and `ctrl+] d` leaves both sessions running.
final class AttachMultiHostTests: XCTestCase {
    private var harness: AttachHarness!
    private var secondSSHD: TestSSHD!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        secondSSHD = try TestSSHD()
        try secondSSHD.authorize(String(contentsOfFile: harness.home + "/device_ed25519.pub", encoding: .utf8))
        try harness.registerHost(named: "a", command: harness.standinCommand(session: "sa"))
        try harness.registerHost(named: "b", port: secondSSHD.port, command: harness.standinCommand(session: "sb"))
        try harness.startOuterTerminal(width: 100, height: 30)
    }

    override func tearDown() {
        secondSSHD?.tearDown()
        harness?.tearDown()
    }

    /// Attaches to a and b and trusts a; b's key waits until b is in front.
    private func attachBoth() throws {
        try harness.startAttach(hosts: ["a", "b"])
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("inner$")
    }

    /// Brings b forward the first time: its trust question comes up then.
    private func switchToBTrusting(_ keys: String...) throws {
        try harness.tmux(["send-keys", "-t", "outer"] + keys)
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitUntil("b's prompt") { $0.contains("inner$") && !$0.contains("trust") }
    }

    func testSwitchingBetweenTwoHostsKeepsEachScreenAndDetachNamesBoth() throws {
        try attachBoth()
        try harness.type("echo alpha-$((1+1))\n")
        try harness.waitFor("alpha-2")
        var screen = try harness.openHostList(until: "b waiting in the list") { $0.contains("waiting (new host key)") }
        try harness.escape()

        try switchToBTrusting("C-]", "n")
        screen = try harness.screen()
        XCTAssertFalse(screen.contains("alpha-2"), "b's screen replaces a's:\n\(screen)")
        try harness.type("echo beta-$((2+2))\n")
        screen = try harness.waitFor("beta-4")
        XCTAssertFalse(screen.contains("alpha-"), screen)
        let aPane = try harness.tmux(["capture-pane", "-p", "-t", "sa"], socket: harness.standinSocket)
        XCTAssertFalse(aPane.contains("beta"), "typing in b must not reach a:\n\(aPane)")

        // Output a produces while hidden is on its screen when it comes back.
        try harness.tmux(["send-keys", "-t", "sa", "-l", "echo hidden-$((3+3))"], socket: harness.standinSocket)
        try harness.tmux(["send-keys", "-t", "sa", "Enter"], socket: harness.standinSocket)
        // A resize while b is in front reaches a when a comes forward.
        try harness.tmux(["resize-window", "-t", "outer", "-x", "80", "-y", "20"])
        try harness.type("stty size\n")
        try harness.waitUntil("b at 19 80") { $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "19 80" } }

        try harness.keys("C-]", "p")
        screen = try harness.waitUntil("a's screen with its hidden output") {
            $0.contains("a (1/2)") && $0.contains("alpha-2") && $0.contains("hidden-6")
        }
        XCTAssertFalse(screen.contains("beta-4"), screen)
        try harness.type("clear; stty size\n")
        try harness.waitUntil("a at 19 80") { $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "19 80" } }

        // The picker lists both hosts with their state; a digit switches.
        screen = try harness.openHostList()
        XCTAssertTrue(screen.contains("1  a  attached (in front)"), screen)
        XCTAssertTrue(screen.contains("2  b  attached"), screen)
        try harness.keys("2")
        try harness.waitUntil("b in front again") { $0.contains("beta-4") && !$0.contains("hidden-6") }

        try harness.keys("C-]", "d")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
        XCTAssertTrue(exit.screen.contains("Detached from a, b"), exit.screen)
        for session in ["sa", "sb"] {
            try harness.tmux(["has-session", "-t", session], socket: harness.standinSocket)
        }
    }

    func testEndedHostStaysListedAndDroverEndsWithTheLastOne() throws {
        try attachBoth()
        try harness.keys("C-b", "q")
        try harness.waitFor("a: session ended")
        try switchToBTrusting("C-]", "n")
        let picker = try harness.openHostList()
        XCTAssertTrue(picker.contains("1  a  ended"), picker)
        try harness.escape()

        try harness.keys("C-b", "q")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
        XCTAssertTrue(exit.screen.contains("The session on a was detached or ended"), exit.screen)
        XCTAssertTrue(exit.screen.contains("The session on b was detached or ended"), exit.screen)
    }
}
