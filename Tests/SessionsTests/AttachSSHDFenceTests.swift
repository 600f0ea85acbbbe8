import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 30's stopped server with herdr's own attach line and session (ADR 0031's fence): the
/// stand-in's tmux session outlives connections, so a key the stopped sshd still holds would
/// reach it twice if that sshd ran again. The reconnect's line kills the recorded sshd before
/// herdr starts, so when the stopped processes resume there is nothing left to pass on. The
/// account's login shell finds the stand-in as `herdr` (`ThrowawayAccount`), and its sessions
/// run the `inner$ ` shell. Every wait is for an event: a log line, a file, a process state.
final class AttachSSHDFenceTests: XCTestCase {
    private var harness: AttachHarness!
    private var account: ThrowawayAccount!
    private var stopped: [pid_t] = []
    private var shaper: LinkShaper?
    private var trace: String { harness.scratch.file("shaper.trace") }

    override func tearDown() {
        TestSSHD.resume(stopped)
        shaper?.tearDown()
        account?.remove()
        harness?.tearDown()
    }

    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Polls `condition` (a process or file state, which has no event to wait on) for 30 s.
    private func poll(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if try condition() { return }
            usleep(20_000)
        }
        throw TestSupportError("timed out waiting until \(what)")
    }

    /// The one record in the account's fence directory: token, generation, sshd, client, name, start.
    private func record() -> [String]? {
        let dir = account.home + "/.cache/drover-fence"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir), names.count == 1,
              let text = try? String(contentsOfFile: dir + "/" + names[0], encoding: .utf8) else { return nil }
        return text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Gone, or dead and waiting for its stopped parent to reap it.
    private func isDead(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.range(of: ") ", options: .backwards) else { return true }
        return stat[end.upperBound...].hasPrefix("Z")
    }

    /// The host's pane as the account's stand-in tmux server holds it.
    private func pane() throws -> String {
        try account.execute("/usr/bin/tmux", ["-L", "herdr-standin", "capture-pane", "-p", "-J", "-t", "default"]).stdout
    }

    private func standinClients() throws -> Int {
        try account.execute("/usr/bin/tmux", ["-L", "herdr-standin", "list-clients"]).stdout
            .split(separator: "\n").count
    }

    /// Makes the account (its sessions run the `inner$ ` shell), registers it as `h` on the
    /// test sshd (through a `LinkShaper` delaying each way by `delay` ms, if given), pinned, and
    /// attaches with `options` until the inner prompt shows. `h` has no `--command`: herdr's
    /// own attach line, with its fence.
    private func attach(delay: Int? = nil, options: String = "") throws {
        harness = try AttachHarness()
        account = try ThrowawayAccount(sshd: harness.sshd, profile: "SHELL=\(harness.innerShell)\nexport SHELL\n")
        try account.authorize(String(contentsOfFile: harness.home + "/device_ed25519.pub", encoding: .utf8))
        shaper = try delay.map { try LinkShaper(target: harness.sshd.port, delayMilliseconds: $0, trace: trace) }
        let port = shaper?.port ?? harness.sshd.port
        let key = try harness.sshd.hostPublicKeyLine().split(separator: " ").prefix(2).joined(separator: " ")
        try "[127.0.0.1]:\(port) \(key)\n".write(toFile: harness.home + "/known_hosts", atomically: true, encoding: .utf8)
        chmod(harness.home + "/known_hosts", 0o600)
        try harness.drover(["hosts", "add", "h", "\(account.name)@127.0.0.1:\(port)"])
        try harness.startOuterTerminal(width: 100, height: 30)
        try harness.type("clear; drover attach h \(options)\n")
        try harness.waitUntil("the inner prompt", timeout: 30) { $0.contains("inner$") && !$0.contains("attach h") }
    }

    /// SIGSTOP the sshd session processes, type `LOST.`, wait for the dead link's reconnect,
    /// type `OK.`, SIGCONT: herdr's session (the host's own pane) got `LOST.OK.` once, in order.
    func testKeysTypedIntoAStoppedServerArriveOnceInHerdrsSession() throws {
        try attach(options: "--keepalive 3")

        // The attach line recorded the connection's sshd (the event the fence needs).
        try poll("the first connection's sshd is recorded") { self.record()?.count == 6 }
        let first = try XCTUnwrap(record())
        let oldSSHD = try XCTUnwrap(pid_t(first[2]))
        XCTAssertEqual(first[4], "sshd")
        stopped = try harness.sshd.pauseConnections()
        XCTAssertTrue(stopped.contains(oldSSHD), "the recorded process is one of the connection's sshd processes")

        try harness.type("LOST.")
        try harness.waitFor("h: no answer for")
        // The dead link's event: the reconnect logged in (counted in sshd's log).
        XCTAssertTrue(harness.sshd.waitForLog(timeout: 30) { self.count("Accepted publickey", in: $0) == 2 },
                      "the reconnect:\n\(harness.sshd.log)")
        try harness.type("OK.")
        try harness.waitFor("LOST.OK.", timeout: 30)
        try poll("the reconnect's line killed the stopped sshd") { self.isDead(oldSSHD) }
        XCTAssertEqual(record()?[0], first[0], "the same run's token")
        XCTAssertNotEqual(record()?[2], first[2], "the new connection's sshd is recorded")
        XCTAssertGreaterThan(Int(record()?[1] ?? "") ?? 0, Int(first[1]) ?? .max, "by a later attempt")

        TestSSHD.resume(stopped)
        try poll("the old connection's processes ended") { self.stopped.allSatisfy { kill($0, 0) != 0 } }
        stopped = []
        try poll("one client left on herdr's session") { try self.standinClients() == 1 }
        try harness.type("\n")
        var shown = ""
        try poll("the host's pane shows the command's error") { shown = try self.pane(); return shown.contains(": not found") }
        XCTAssertTrue(shown.contains("LOST.OK.: not found"), shown)
        XCTAssertEqual(count("LOST.", in: shown), 2, "once on the command line, once in the error:\n\(shown)")
        XCTAssertEqual(count("OK.", in: shown), 2, shown)
    }

    /// The count in the status line's "N typed bytes wait to be sent".
    private func waitingBytes() throws -> Int {
        let screen = try harness.waitFor("typed bytes wait")
        let regex = try NSRegularExpression(pattern: #"(\d+) typed bytes wait"#)
        let match = try XCTUnwrap(regex.firstMatch(in: screen, range: NSRange(screen.startIndex..., in: screen)))
        return try XCTUnwrap(Int((screen as NSString).substring(with: match.range(at: 1))))
    }

    /// The first fence lost echo through a 200 ms link. This one, through the shaper at 100 ms
    /// each way: the prompt echoes, a dead network (the shaper holds everything, then its old
    /// connections are cut) is found by typing, the reconnect's line runs the kill clause, the
    /// kept keys reach herdr's session once, and typing echoes again.
    func testHerdrsFencedLineEchoesThroughA200msLinkAndAfterItsReconnect() throws {
        try attach(delay: 100)
        try harness.type("echo one-$((6*7))\n")
        try harness.waitFor("one-42")
        try poll("the first connection's sshd is recorded") { self.record()?.count == 6 }
        let first = try XCTUnwrap(record())

        let shaper = try XCTUnwrap(self.shaper)
        shaper.blackhole(true)
        try harness.type("LOST.")
        try harness.waitFor("h: no answer for")
        try poll("the reconnect reached the shaper") { try LinkShaper.accepts(trace: self.trace).count == 2 }
        // LOST. waits, and the Enter before it if its proof was still on the way (ADR 0031:
        // a key is sent again when the link dies within a round trip of it).
        let waiting = try waitingBytes()
        XCTAssertTrue([5, 6].contains(waiting), "LOST. is kept: \(waiting)")
        try harness.type("OK.")
        try harness.waitFor("\(waiting + 3) typed bytes wait")
        shaper.cutConnectionsBeforeBlackhole()
        shaper.blackhole(false)
        try harness.waitFor("LOST.OK.", timeout: 30)
        try poll("the reconnect's connection is recorded") { self.record().map { $0[2] != first[2] } ?? false }
        XCTAssertEqual(record()?[0], first[0], "the same run's token")
        try harness.type("\necho two-$((6*7))\n")
        try harness.waitFor("two-42")
        var shown = ""
        try poll("the host's pane shows the echo") { shown = try self.pane(); return shown.contains("two-42") }
        XCTAssertTrue(shown.contains("LOST.OK.: not found"), shown)
        XCTAssertEqual(count("LOST.", in: shown), 2, "once on the command line, once in the error:\n\(shown)")
        XCTAssertEqual(count("accepted publickey", in: harness.sshd.log.lowercased()), 2, "one reconnect")
    }
}
