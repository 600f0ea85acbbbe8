import Foundation
import XCTest
import TestSupport

/// ADR 0032: a Windows host's attach line is written for the shell its sshd runs it through.
/// The sshd's ForceCommand is `scripts/fake-windows-shell`, which answers Drover's probe as cmd
/// or PowerShell would, accepts only that shell's syntax, and records every line it is given.
final class AttachWindowsShellTests: XCTestCase {
    private var harness: AttachHarness!
    private var fake: TemporaryDirectory!

    private let probe = "echo drover-shell:%OS%:$env:OS"
    private let powershellLine = "$env:TERM_PROGRAM='ghostty'; herdr session attach w1"
    private let cmdLine = #"@set "TERM_PROGRAM=ghostty"&& herdr session attach w1"#

    override func setUpWithError() throws {
        fake = try TemporaryDirectory(prefix: "drover-fake-windows")
        harness = try AttachHarness(sshdConfig: ["ForceCommand /usr/bin/python3 \(AttachHarness.script("fake-windows-shell")) \(fake.path)"])
        try play("powershell")
        try harness.drover(["hosts", "add", "e2e", "--host", "127.0.0.1", "--port", String(harness.sshd.port),
                            "--user", TestSSHD.currentUser, "--platform", "windows", "--session", "w1"])
        try harness.startOuterTerminal()
    }

    override func tearDown() {
        harness?.tearDown()
        fake?.remove()
    }

    private func play(_ shell: String) throws {
        try shell.write(toFile: fake.file("shell"), atomically: true, encoding: .utf8)
    }

    private func lines() -> [String] {
        ((try? String(contentsOfFile: fake.file("lines"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    private func shown() throws -> String { try harness.drover(["hosts", "show", "e2e"]) }

    func testTheShellIsProbedOnceKeptAndProbedAgainWhenItsLineFails() throws {
        // First attach: nothing known, so the probe runs, then PowerShell's line.
        try harness.attachTrusting(until: "fake herdr under powershell: TERM_PROGRAM=ghostty session attach w1")
        try harness.keys("Enter")
        XCTAssertEqual(try harness.waitForExit(number: 1).status, 0)
        XCTAssertEqual(lines(), [probe, powershellLine])
        let learned = try shown()
        XCTAssertTrue(learned.contains("powershell (probed"), learned)

        // The host's DefaultShell became cmd: the kept PowerShell line fails, the probe runs
        // again on a new connection, and cmd's line attaches.
        try play("cmd")
        try harness.startAttach()
        try harness.waitFor("fake herdr under cmd: TERM_PROGRAM=ghostty session attach w1")
        try harness.keys("Enter")
        XCTAssertEqual(try harness.waitForExit(number: 2).status, 0)
        XCTAssertEqual(lines(), [probe, powershellLine, powershellLine, probe, cmdLine])
        let relearned = try shown()
        XCTAssertTrue(relearned.contains("cmd (probed"), relearned)

        // Kept: the next attach runs cmd's line with no probe.
        try harness.startAttach()
        try harness.waitFor("fake herdr under cmd: TERM_PROGRAM=ghostty")
        try harness.keys("Enter")
        XCTAssertEqual(try harness.waitForExit(number: 3).status, 0)
        XCTAssertEqual(lines().suffix(1), [cmdLine])
        XCTAssertEqual(lines().count, 6)
    }

    func testAShellThePersonSetIsNeverProbedAndItsFailureEndsTheAttach() throws {
        try harness.drover(["hosts", "edit", "e2e", "--windows-shell", "powershell"])
        try play("cmd")
        try harness.attachTrusting(until: "EXIT=")
        let end = try harness.waitForExit(number: 1)
        XCTAssertEqual(end.status, 1)
        XCTAssertTrue(end.screen.contains("The attach command on e2e exited with status 1"), end.screen)
        XCTAssertEqual(lines(), [powershellLine], "no probe, no second try")
        let set = try shown()
        XCTAssertTrue(set.contains("powershell (--windows-shell)"), set)
    }
}
