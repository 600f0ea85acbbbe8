import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 14, many hosts: three hosts in one drover, each behind its own link shaper; one
/// link is blackholed (bytes held, nothing closed). The others still answer every line typed,
/// and the blackholed host's status line says "no answer for N s" with N below the silence
/// after which Drover gives the link up. Assertions are on lines echoed and the numbers Drover
/// prints, not on how long anything took: every line comes back, and before Drover gives the
/// blackholed link up (its status would then say it reconnects, not "no answer for N s"), so
/// nothing stalled the others for that long. How much the echo changes is measured by
/// `scripts/bench` (the many-hosts table), where timing belongs.
final class AttachBlackholeTests: XCTestCase {
    private var harness: AttachHarness!
    private var shapers: [LinkShaper] = []

    override func setUpWithError() throws {
        harness = try AttachHarness()
        shapers = try (0..<3).map { _ in try LinkShaper(target: harness.sshd.port) }
        let key = try harness.sshd.hostPublicKeyLine().split(separator: " ").prefix(2).joined(separator: " ")
        let pins = shapers.map { "[127.0.0.1]:\($0.port) \(key)\n" }.joined()
        try pins.write(toFile: harness.home + "/known_hosts", atomically: true, encoding: .utf8)
        chmod(harness.home + "/known_hosts", 0o600)
        for (i, shaper) in shapers.enumerated() {
            try harness.registerHost(named: "h\(i)", port: shaper.port, command: harness.standinCommand(session: "s\(i)"))
        }
        try harness.startOuterTerminal(width: 100, height: 30)
    }

    override func tearDown() {
        shapers.forEach { $0.tearDown() }
        harness?.tearDown()
    }

    /// Types `count` echo lines tagged `tag` into the host in front; returns how many came back.
    private func echoLines(_ tag: String, count: Int) throws -> Int {
        for i in 1...count {
            try harness.type("echo \(tag)-$((\(i)*7))\n")
            try harness.waitFor("\(tag)-\(i * 7)")
        }
        let screen = try harness.screen()
        return (1...count).filter { screen.contains("\(tag)-\($0 * 7)\n") || screen.hasSuffix("\(tag)-\($0 * 7)") }.count
    }

    func testABlackholedHostDelaysNoOtherAndSaysNoAnswer() throws {
        try harness.type("clear; drover attach h0 h1 h2 --keepalive 2\n")
        try harness.waitUntil("h0's prompt") { $0.contains("inner$") && !$0.contains("attach h0") }
        shapers[1].blackhole(true)

        XCTAssertEqual(try echoLines("front", count: 8), 8, "h0 answers every line while h1 hangs")

        try harness.keys("C-]", "n")
        // The status notes may take two rows: the phrases are read with the rows joined.
        let screen = AttachHarness.unwrapped(try harness.waitFor("h1: no answer for", timeout: 30))
        let regex = try NSRegularExpression(pattern: #"no answer for (\d+) s; reconnecting after (\d+) s"#)
        let ns = screen as NSString
        let match = try XCTUnwrap(regex.firstMatch(in: screen, range: NSRange(location: 0, length: ns.length)), screen)
        let silent = Int(ns.substring(with: match.range(at: 1)))!
        let deadAfter = Int(ns.substring(with: match.range(at: 2)))!
        XCTAssertLessThan(silent, deadAfter, "said before the link is given up:\n\(screen)")

        try harness.keys("C-]", "n")
        try harness.waitUntil("h2 in front") { !$0.contains("no answer") }
        try harness.type("clear\n")
        XCTAssertEqual(try echoLines("other", count: 8), 8, "h2 answers every line while h1 hangs")

        shapers[1].blackhole(false)
        try harness.keys("C-]", "p")
        try harness.type("echo back-$((6*7))\n")
        try harness.waitFor("back-42", timeout: 60)
    }
}
