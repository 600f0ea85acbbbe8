import Foundation
import XCTest
import TestSupport

/// Hosts at run time end to end (issue 27): `ctrl+] o` adds a host to a running attach, a host
/// whose sshd was down at the start is tried again from the `ctrl+] h` list once it is up, and
/// `ctrl+] X` closes the host in front after a question (the list opens it again).
final class AttachOpenHostTests: XCTestCase {
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

    private func trust() throws {
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
    }

    /// Types `echo word-$((n))` in the front host and waits for its answer.
    private func echo(_ word: String) throws {
        try harness.type("echo \(word)-$((40+2))\n")
        try harness.waitFor("\(word)-42")
    }

    func testOpeningASecondHostThenClosingAndReopeningIt() throws {
        try harness.startAttach(hosts: ["a"])
        try trust()
        try harness.waitFor("inner$")
        try echo("alpha")

        // A name nobody knows is said, and nothing is opened.
        try harness.keys("C-]", "o")
        try harness.waitFor("Open a host")
        try harness.type("nosuchhost\n")
        try harness.waitUntil("the error in the status line") { $0.contains("nosuchhost") && !$0.contains("Open a host") }

        try harness.keys("C-]", "o")
        try harness.waitFor("Open a host")
        try harness.type("b\n")
        try trust()
        try harness.waitUntil("b's prompt") { $0.contains("inner$") && !$0.contains("alpha-42") }
        try echo("beta")
        let bPane = try harness.tmux(["capture-pane", "-p", "-t", "sb"], socket: harness.standinSocket)
        XCTAssertTrue(bPane.contains("beta-42"), "typing reaches b's session:\n\(bPane)")

        var screen = try harness.openHostList()
        XCTAssertTrue(screen.contains("1  a") && screen.contains("2  b"), screen)
        try harness.keys("1")
        try harness.waitUntil("a in front") { $0.contains("alpha-42") && !$0.contains("beta-42") }

        // Close a: b comes forward; a is listed as closed and opens again when picked.
        try harness.keys("C-]", "X")
        try harness.waitFor("Close a")
        try harness.type("y\n")
        try harness.waitUntil("b in front") { $0.contains("beta-42") && !$0.contains("Close a") }
        screen = try harness.openHostList(until: "b closed in the list") { $0.contains("closed") }
        XCTAssertTrue(screen.contains("pick to open again"), screen)
        try harness.keys("1")
        try harness.waitUntil("a again") { $0.contains("alpha-42") && $0.contains("inner$") && !$0.contains("hosts") }
        try echo("again")

        try harness.keys("C-]", "d")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
    }

    func testAHostWhoseSSHDWasDownIsTriedAgainFromTheList() throws {
        secondSSHD.stop()
        try harness.startAttach(hosts: ["a", "b"])
        try trust()
        try harness.waitFor("inner$")
        try harness.openHostList(until: "b failed") { $0.contains("failed") && $0.contains("pick to open again") }
        try harness.escape()

        try secondSSHD.restart()
        try harness.openHostList(until: "b to pick") { $0.contains("pick to open again") }
        try harness.keys("2")
        try trust()
        try harness.waitUntil("b's prompt") { $0.contains("inner$") && !$0.contains("trust") }
        try echo("beta")
        let bPane = try harness.tmux(["capture-pane", "-p", "-t", "sb"], socket: harness.standinSocket)
        XCTAssertTrue(bPane.contains("beta-42"), "b attached after its sshd came up:\n\(bPane)")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
