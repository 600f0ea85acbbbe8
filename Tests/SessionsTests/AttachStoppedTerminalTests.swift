import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 25: a local terminal that stops reading stops the picture, not the loop. Drover runs
/// in the outer tmux pane behind `script(1)`, so its terminal is a pty whose only reader is the
/// `script` process; SIGSTOP of that process is a terminal that does not read (a suspended
/// client, a frozen emulator). Host a, in front, floods the screen, so Drover's output fills
/// the pty at once; host b, hidden, is the other link.
///
/// `script` is a grandchild of the pane's interactive shell (through `run-attach`), so the
/// shell's job control does not see it stop and take the terminal back.
///
/// While the reader is stopped, b's sshd logs keepalive requests arriving (libssh2 sends one
/// every 2 s at `--keepalive 2`, so six of them span more than 10 s), and b's flood of 8 MB,
/// four times the largest channel window Drover grants (2 MiB, ADR 0030: sshd sends no more
/// until Drover reads), is read to its end (its marker file appears). Counted events, not
/// timings: when a write to the stopped terminal blocked the loop, neither happened. The wait
/// for the file is long (a debug build on a machine with no spare core shares its turns with
/// a's endless flood: 16 MB once took over 2 minutes there); only a hang runs it out. Neither
/// link is given up meanwhile (each sshd logs one session): a link whose output waits in libssh2
/// while the machine feeds it to the screen is still speaking. After SIGCONT the screen is
/// whole again (consecutive lines of a's flood and its last line), typing reaches a, and
/// detaching gives the pane back.
final class AttachStoppedTerminalTests: XCTestCase {
    private var harness: AttachHarness!
    private var hiddenSSHD: TestSSHD!

    private var stopFile: String { harness.scratch.file("front-stop") }
    private var goFIFO: String { harness.scratch.file("hidden-go") }
    private var doneFile: String { harness.scratch.file("hidden-done") }
    private var proxyPIDFile: String { harness.scratch.file("script.pid") }
    private var runAttach: String { harness.scratch.file("run-attach") }

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw TestSupportError("this test needs script(1) from util-linux at /usr/bin/script")
        }
        harness = try AttachHarness()
        // DEBUG1 logs each global request (`rtype keepalive@libssh2.org`) as it arrives.
        hiddenSSHD = try TestSSHD(extraConfig: ["LogLevel DEBUG1"])
        try hiddenSSHD.authorize(String(contentsOfFile: harness.home + "/device_ed25519.pub", encoding: .utf8))
        var pins = ""
        for sshd in [harness.sshd, hiddenSSHD!] {
            let key = try sshd.hostPublicKeyLine().split(separator: " ").prefix(2).joined(separator: " ")
            pins += "[127.0.0.1]:\(sshd.port) \(key)\n"
        }
        try pins.write(toFile: harness.home + "/known_hosts", atomically: true, encoding: .utf8)
        chmod(harness.home + "/known_hosts", 0o600)
        XCTAssertEqual(mkfifo(goFIFO, 0o600), 0)

        try harness.registerHost(named: "a", command:
            "i=0; while [ ! -e \(stopFile) ]; do i=$((i+1)); echo front-$i; done; echo front-done; exec cat")
        try harness.registerHost(named: "b", port: hiddenSSHD.port, command:
            "read go < \(goFIFO); yes hidden-flood | head -c 8000000; touch \(doneFile); exec cat")
        try """
            #!/bin/sh
            sh -c 'echo $$ > \(proxyPIDFile); exec script -qec "drover attach a b --keepalive 2" /dev/null'
            echo EXIT=$?

            """.write(toFile: runAttach, atomically: true, encoding: .utf8)
        chmod(runAttach, 0o755)
        try harness.startOuterTerminal(width: 100, height: 30)
    }

    override func tearDown() {
        if let text = try? String(contentsOfFile: proxyPIDFile, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGCONT)   // a failed test must not leave a stopped process behind
        }
        hiddenSSHD?.tearDown()
        harness?.tearDown()
    }

    /// libssh2's keepalive requests (`keepalive@libssh2.org`) b's sshd has logged.
    private func keepalives() -> Int {
        hiddenSSHD.log.components(separatedBy: "rtype keepalive@").count - 1
    }

    /// Polls for `path` (a file another process creates: there is no event to wait on).
    private func waitForFile(_ path: String, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: path) { return true }
            usleep(50_000)
        }
        return FileManager.default.fileExists(atPath: path)
    }

    func testAStoppedTerminalStopsThePictureNotTheOtherLinks() throws {
        try harness.type("\(runAttach)\n")
        try harness.waitFor("front-")
        XCTAssertTrue(hiddenSSHD.waitForLog(timeout: 30) { $0.contains("Starting session: command") }, "b connected:\n\(hiddenSSHD.log)")
        let proxy = try XCTUnwrap(pid_t(String(contentsOfFile: proxyPIDFile, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))

        XCTAssertEqual(kill(proxy, SIGSTOP), 0)
        let before = keepalives()
        // b starts its flood only now, while the terminal does not read.
        let go = open(goFIFO, O_WRONLY)
        XCTAssertGreaterThanOrEqual(go, 0)
        _ = write(go, "go\n", 3)
        close(go)

        let served = hiddenSSHD.waitForLog(timeout: 90) { log in
            log.components(separatedBy: "rtype keepalive@").count - 1 >= before + 6
        }
        XCTAssertTrue(served, "keepalives kept going while the terminal was stopped: \(keepalives() - before) after the stop:\n\(hiddenSSHD.log)")
        XCTAssertTrue(waitForFile(doneFile, timeout: 600), "b's 8 MB were read while the terminal was stopped")
        XCTAssertEqual(hiddenSSHD.log.components(separatedBy: "Starting session: command").count - 1, 1,
                       "b's link was never given up (its answers were read)")

        XCTAssertEqual(kill(proxy, SIGCONT), 0)
        XCTAssertTrue(FileManager.default.createFile(atPath: stopFile, contents: nil))
        let screen = try harness.waitUntil("a's flood to end on screen", timeout: 60) { text in
            text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "front-done" }
        }
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let doneRow = try XCTUnwrap(rows.firstIndex(of: "front-done"))
        let numbers = rows[..<doneRow].suffix(10).compactMap { row in row.hasPrefix("front-") ? Int(row.dropFirst(6)) : nil }
        XCTAssertEqual(numbers.count, 10, "the rows above the end are a's lines:\n\(screen)")
        XCTAssertEqual(numbers, Array((numbers.first ?? 0)..<((numbers.first ?? 0) + 10)),
                       "consecutive lines: no torn or stale frame on screen:\n\(screen)")

        try harness.type("typed-after-resume\n")
        try harness.waitUntil("a to echo the typed line") { $0.components(separatedBy: "typed-after-resume").count - 1 >= 2 }
        // Its backlog fed and drawn, a's link was never given up either (a new session would
        // have run its command again).
        XCTAssertEqual(harness.sshd.log.components(separatedBy: "Starting session: command").count - 1, 1,
                       "a's link was never given up:\n\(harness.sshd.log)")
        try harness.keys("C-]", "d")
        let exit = try harness.waitForExit()
        XCTAssertEqual(exit.status, 0, exit.screen)
        XCTAssertEqual(try harness.modes()["alternate_on"], "0", "the pane is given back")
    }
}
