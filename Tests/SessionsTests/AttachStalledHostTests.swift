import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 25's acceptance: 16 hosts in one attach; one host's server stops answering (SIGSTOP of
/// its sshd) while its session is resized, ends (its command closes the terminal, so sshd sends
/// EOF but never its close) and is disconnected. The front host's echo is measured in a quiet
/// round first and again while that happens, in the same run: its p99 may not grow by 50 ms.
/// The old loop waited for the server's close (up to 30 s) and then in the session's deinits,
/// and every key typed meanwhile waited with it.
final class AttachStalledHostTests: XCTestCase {
    private var harness: AttachHarness!
    private var victimSSHD: TestSSHD!
    /// In front of h16's sshd: holds the EOF until that sshd is stopped, so Drover's close
    /// reaches a server that cannot answer it.
    private var shaper: LinkShaper!
    private var terminal: EchoTerminal?
    private var paused: [pid_t] = []

    override func setUpWithError() throws {
        harness = try AttachHarness()
        // DEBUG3: the log says when sshd sent the EOF the test waits for.
        victimSSHD = try TestSSHD(extraConfig: ["LogLevel DEBUG3"])
        try victimSSHD.authorize(String(contentsOfFile: harness.home + "/device_ed25519.pub", encoding: .utf8))
        shaper = try LinkShaper(target: victimSSHD.port)
        var pins = ""
        for (sshd, port) in [(harness.sshd, harness.sshd.port), (victimSSHD!, shaper.port)] {
            let key = try sshd.hostPublicKeyLine().split(separator: " ").prefix(2).joined(separator: " ")
            pins += "[127.0.0.1]:\(port) \(key)\n"
        }
        try pins.write(toFile: harness.home + "/known_hosts", atomically: true, encoding: .utf8)
        chmod(harness.home + "/known_hosts", 0o600)
    }

    override func tearDown() {
        TestSSHD.resume(paused)
        terminal?.close()
        shaper?.tearDown()
        victimSSHD?.tearDown()
        harness?.tearDown()
    }

    private var trigger: String { harness.scratch.file("victim-ends") }

    /// h1 (in front) echoes raw keys; h2…h15 idle on the same sshd; h16, on its own sshd, ends
    /// its session on `trigger`: its command keeps running without the terminal, so sshd sends
    /// EOF and holds its close until the command exits.
    private func registerHosts() throws -> [String] {
        try harness.registerHost(named: "h1", command: "stty raw -echo; printf 'probe-ready\\r\\n'; exec cat")
        for i in 2...15 {
            try harness.registerHost(named: "h\(i)", command: "printf 'screen-of-\(i)\\r\\n'; exec cat")
        }
        try harness.registerHost(named: "h16", port: shaper.port, command:
            "printf 'victim-screen\\r\\n'; while [ ! -e \(trigger) ]; do sleep 0.05; done; "
            + "exec sleep 600 </dev/null >/dev/null 2>&1")
        return (1...16).map { "h\($0)" }
    }

    private func occurrences(of needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    func testAStalledHostEndingDoesNotDelayTheFrontHostsEcho() throws {
        let names = try registerHosts()
        let terminal = try EchoTerminal(arguments: ["attach"] + names + ["--predict", "never"], home: harness.home)
        self.terminal = terminal
        try terminal.waitFor("probe-ready")
        // Every session runs before the quiet round.
        XCTAssertTrue(harness.sshd.waitForLog(timeout: 120) { self.occurrences(of: "Starting session", in: $0) >= 15 },
                      harness.sshd.log)
        XCTAssertTrue(victimSSHD.waitForLog(timeout: 60) { $0.contains("Starting session") }, victimSSHD.log)

        let quiet = try terminal.probe(count: 150, interval: 0.02)

        // h16 comes forward (ctrl+] p from h1), its server stops, the terminal is resized (a
        // window change for h16), and h1 comes back.
        var mark = terminal.position
        terminal.write([0x1D, UInt8(ascii: "p")])
        try terminal.waitFor("victim-screen", after: mark)
        paused = try victimSSHD.pauseConnections()
        terminal.resize(columns: 96, rows: 28)
        mark = terminal.position
        terminal.write([0x1D, UInt8(ascii: "n")])
        try terminal.waitFor("probe-ready", after: mark)
        TestSSHD.resume(paused)
        paused = []

        // h16's command lets the terminal go: sshd sends EOF, held by the link until sshd is
        // stopped; then Drover reads it and closes, and nothing answers.
        shaper.blackhole(true)
        let eofs = occurrences(of: "send eof", in: victimSSHD.log)
        XCTAssertTrue(FileManager.default.createFile(atPath: trigger, contents: nil))
        XCTAssertTrue(victimSSHD.waitForLog(timeout: 30) { self.occurrences(of: "send eof", in: $0) > eofs }, victimSSHD.log)
        paused = try victimSSHD.pauseConnections()
        shaper.blackhole(false)

        // Longer than the closer's patience: the close, the goodbye and the cut all fall inside.
        let stalled = try terminal.probe(count: 400, interval: 0.02)
        XCTAssertEqual(quiet.count, 150, "every key of the quiet round came back")
        XCTAssertEqual(stalled.count, 400, "every key came back while h16 was stalled")
        // A loop held by h16 (a blocking close waits up to the closer's 5 s patience, a blocking
        // libssh2 call without end) holds every key typed meanwhile: the longest echo shows it.
        // Compared with the quiet round of the same run, so a busy machine moves both.
        let before = EchoTerminal.percentile(quiet, 50)
        let during = EchoTerminal.percentile(stalled, 50)
        XCTAssertLessThan(during - before, .milliseconds(50),
                          "h1's median echo \(before) quiet, \(during) while h16 stalled")
        XCTAssertLessThan(stalled.max()!, quiet.max()! + .seconds(1),
                          "h1's longest echo \(quiet.max()!) quiet, \(stalled.max()!) while h16 stalled")

        // The close and the goodbye went out before the socket was cut: the server reads both
        // once it runs again.
        TestSSHD.resume(paused)
        paused = []
        XCTAssertTrue(victimSSHD.waitForLog(timeout: 30) { $0.contains("rcvd close") && $0.contains("closed by drover") },
                      victimSSHD.log)
        terminal.write([0x1D, UInt8(ascii: "d")])
    }
}
