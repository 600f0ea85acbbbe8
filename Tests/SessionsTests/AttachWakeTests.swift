import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 30, item 6: a laptop's sleep, as a stopped Drover: while it is stopped for 30 s the
/// host's sshd gives the link up (ClientAliveInterval 2, ClientAliveCountMax 1: its log says
/// so, the event waited for); after SIGCONT a key typed is echoed within the 3 s
/// (measured on CLOCK_MONOTONIC from the SIGCONT to the echo seen on screen, a bound the
/// reconnect's few round trips on loopback keep far below).
final class AttachWakeTests: XCTestCase {
    private var harness: AttachHarness!
    private var stoppedDrover: pid_t?

    override func tearDown() {
        if let stoppedDrover { kill(stoppedDrover, SIGCONT) }
        harness?.tearDown()
    }

    func testAKeyTypedAfterWakingIsEchoedWithinThreeSeconds() throws {
        harness = try AttachHarness(sshdConfig: ["ClientAliveInterval 2", "ClientAliveCountMax 1"])
        try harness.registerHost(command: harness.standinCommand)
        try harness.startOuterTerminal(width: 100, height: 30)
        // Drover is a grandchild of the pane's interactive shell, so the shell's job control
        // does not see it stop and take the terminal back (as AttachStoppedTerminalTests does).
        try harness.type("sh -c 'sh -c \"echo \\$\\$ > \(harness.pidFile); exec drover attach e2e\"'\n")
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("inner$")
        try harness.type("clear\n")
        try harness.waitUntil("a clear screen") { !$0.contains("Type 'yes'") && $0.contains("inner$") }

        let pid = try harness.droverPID()
        let stoppedAt = LinkShaper.monotonicNow()
        kill(pid, SIGSTOP)
        stoppedDrover = pid
        XCTAssertTrue(harness.sshd.waitForLog(timeout: 30) { $0.contains("Timeout, client not responding") },
                      "the host's sshd gave the link up:\n\(harness.sshd.log)")
        // The rest of the 30 s sleep: the scenario's input, not a wait for an event.
        let rest = 30 - (LinkShaper.monotonicNow() - stoppedAt)
        if rest > 0 { usleep(useconds_t(rest * 1_000_000)) }

        kill(pid, SIGCONT)
        stoppedDrover = nil
        let wokeAt = LinkShaper.monotonicNow()
        try harness.type("echo woke-$((6*7))\n")
        try harness.waitFor("woke-42", timeout: 30)
        let took = LinkShaper.monotonicNow() - wokeAt
        XCTAssertLessThan(took, 3.0, "the screen is live again within 3 s of waking")
    }

    /// The silent case: while Drover is stopped the network dies without a word (the shaper
    /// holds every byte; no close reaches either side). After SIGCONT the overdue keepalive
    /// turn is a wake: the link must answer within 2 s, and the reconnect is accepted by the
    /// shaper (its trace, CLOCK_MONOTONIC) well before the keepalive's 45 s of silence would
    /// have given the link up (15 s after waking).
    func testAfterASilentDeathTheWakeReconnectsInSeconds() throws {
        harness = try AttachHarness()
        let trace = harness.scratch.file("shaper.trace")
        let shaper = try LinkShaper(target: harness.sshd.port, trace: trace)
        defer { shaper.tearDown() }
        let key = try harness.sshd.hostPublicKeyLine().split(separator: " ").prefix(2).joined(separator: " ")
        try "[127.0.0.1]:\(shaper.port) \(key)\n".write(toFile: harness.home + "/known_hosts", atomically: true, encoding: .utf8)
        chmod(harness.home + "/known_hosts", 0o600)
        try harness.registerHost(port: shaper.port, command: harness.standinCommand)
        try harness.startOuterTerminal(width: 100, height: 30)
        try harness.type("sh -c 'sh -c \"echo \\$\\$ > \(harness.pidFile); exec drover attach e2e\"'\n")
        try harness.waitUntil("the inner prompt") { $0.contains("inner$") && !$0.contains("attach e2e") }

        let pid = try harness.droverPID()
        kill(pid, SIGSTOP)
        stoppedDrover = pid
        shaper.blackhole(true)
        usleep(30_000_000)   // the 30 s sleep: the scenario's input, not a wait for an event
        kill(pid, SIGCONT)
        stoppedDrover = nil
        let wokeAt = LinkShaper.monotonicNow()
        let deadline = Date().addingTimeInterval(30)
        while try LinkShaper.accepts(trace: trace).count < 2, Date() < deadline { usleep(20_000) }
        let accepts = try LinkShaper.accepts(trace: trace)
        XCTAssertEqual(accepts.count, 2, "no reconnect")
        XCTAssertLessThan(accepts[1] - wokeAt, 5.0, "the wake's probe found the dead link in seconds")
        shaper.cutConnectionsBeforeBlackhole()
        shaper.blackhole(false)
        try harness.type("echo woke-$((6*7))\n")
        try harness.waitFor("woke-42", timeout: 30)
    }

    /// A change of the machine's addresses (netlink's RTM_NEWADDR and RTM_DELADDR on Linux)
    /// probes every link at once, as a wake does. Counted in the host sshd's log at LogLevel
    /// DEBUG: each receipt probe is a `req env` line there, and nothing else sends one on an
    /// idle link (`--keepalive 60`: no keepalive either). An address added to `lo` and removed
    /// again is the change; it needs CAP_NET_ADMIN (the test is skipped without it).
    func testAnAddressChangeProbesTheLinkAtOnce() throws {
        harness = try AttachHarness(sshdConfig: ["LogLevel DEBUG"])
        try harness.registerHost(command: harness.standinCommand)
        try harness.startOuterTerminal(width: 100, height: 30)
        try harness.type("drover attach e2e --keepalive 60\n")
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("inner$")
        let probes = { (log: String) in log.components(separatedBy: " req env").count - 1 }
        let before = probes(harness.sshd.log)

        let address = "127.0.0.93/8"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip"), "no /usr/sbin/ip (iproute2) here")
        let added = try Shell.execute("/usr/sbin/ip", ["addr", "add", address, "dev", "lo"])
        guard added.status == 0 else {
            throw XCTSkip("adding \(address) to lo needs CAP_NET_ADMIN (run as root): \(added.stderr)")
        }
        var removed = false
        defer { if !removed { _ = try? Shell.execute("/usr/sbin/ip", ["addr", "del", address, "dev", "lo"]) } }
        XCTAssertTrue(harness.sshd.waitForLog(timeout: 30) { probes($0) > before },
                      "an added address probed the link:\n\(harness.sshd.log)")
        let afterAdding = probes(harness.sshd.log)
        XCTAssertEqual(try Shell.execute("/usr/sbin/ip", ["addr", "del", address, "dev", "lo"]).status, 0)
        removed = true
        XCTAssertTrue(harness.sshd.waitForLog(timeout: 30) { probes($0) > afterAdding },
                      "a removed address probed the link:\n\(harness.sshd.log)")
        XCTAssertEqual(harness.sshd.log.components(separatedBy: "Accepted publickey").count - 1, 1,
                       "the link answered: no reconnect")
    }
}
