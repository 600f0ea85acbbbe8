import Foundation
import XCTest
import TestSupport

/// Issue 27 end to end with the herdr stand-in as the host's herdr (a throwaway account whose
/// login shell finds it, so the host runs herdr's own attach command): `drover sessions` lists
/// the sessions with herdr's own command, and a notification raised in the session by herdr's
/// rule reaches the local terminal as the sequence that terminal takes (ADR 0029), with no flag.
final class HerdrStandinEndToEndTests: XCTestCase {
    private var harness: AttachHarness!
    private var account: ThrowawayAccount!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        account = try ThrowawayAccount(sshd: harness.sshd)
        try account.authorize(String(contentsOfFile: harness.home + "/device_ed25519.pub", encoding: .utf8))
        try harness.startOuterTerminal(width: 160, height: 30)
        try harness.drover(["hosts", "add", "mac", "\(account.name)@127.0.0.1:\(harness.sshd.port)"])
    }

    override func tearDown() {
        account?.remove()
        harness?.tearDown()
    }

    private func poll(_ what: String, timeout: TimeInterval = 15, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            usleep(30_000)
        }
        throw TestSupportError("timed out waiting for \(what)")
    }

    func testSessionsListsTheHostsHerdrSessionsWithHerdrsOwnCommand() throws {
        try harness.drover(["ssh-check", "mac", "--yes", "--", "true"])
        XCTAssertEqual(try harness.drover(["sessions", "mac"]),
                       "mac has no herdr sessions yet; 'drover attach mac' starts herdr's default one.\n")
        for name in ["default", "work"] {
            let r = try account.execute("/usr/bin/tmux", ["-L", "herdr-standin", "-f", "/dev/null", "new-session", "-d", "-s", name])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        XCTAssertEqual(try harness.drover(["sessions", "mac"]),
                       "mac: 2 herdr sessions\n  default  running  drover attach mac\n  work     running  drover attach mac --session work\n")
    }

    func testANotificationRaisedInTheSessionReachesEachTerminalAsItsOwnSequence() throws {
        let output = harness.scratch.file("outer.bytes")
        try harness.tmux(["pipe-pane", "-O", "-t", "outer", "cat >> \(output)"])
        let kittyID = "drover-" + String(fnv1a("drover: mac"), radix: 16)
        let cases: [(environment: String, expected: String?)] = [
            ("TERM_PROGRAM=ghostty", "\u{1B}]777;notify;drover: mac;agent done: ws 1\u{1B}\\"),
            ("TERM_PROGRAM=iTerm.app", "\u{1B}]9;drover: mac: agent done: ws 1\u{1B}\\"),
            ("-u TERM_PROGRAM KITTY_WINDOW_ID=1",
             "\u{1B}]99;i=\(kittyID):d=0;drover: mac\u{1B}\\\u{1B}]99;i=\(kittyID):p=body;agent done: ws 1\u{1B}\\"),
            ("-u TERM_PROGRAM TERM=xterm-256color", nil),
        ]
        for (number, item) in cases.enumerated() {
            try harness.type("clear\n")
            try harness.startAttach(environment: item.environment, hosts: ["mac"])
            if number == 0 {
                try harness.waitFor("Type 'yes' to trust")
                try harness.type("yes\n")
            }
            try harness.waitFor("\(account.name)@")
            try harness.type("herdr standin notify 'agent done' 'ws 1'; echo raised-$((20+\(number)))\n")
            try harness.waitFor("raised-\(20 + number)")
            if let expected = item.expected {
                try poll("\(item.environment): \(expected.debugDescription) from drover") {
                    let bytes = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
                    return String(decoding: bytes, as: UTF8.self).contains(expected)
                }
            } else {
                // Plain xterm has no such sequence: the bell rang and the status line says it.
                try harness.waitFor("mac: “agent done: ws 1”")
            }
            try harness.keys("C-]", "d")
            XCTAssertEqual(try harness.waitForExit().status, 0)
        }
    }

    /// What `ConsoleSignal` names kitty's notification with (FNV-1a of the title).
    private func fnv1a(_ text: String) -> UInt32 {
        text.utf8.reduce(2_166_136_261 as UInt32) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }
}

/// OSC 99 from a host and OSC 9;4 progress reach the person too (a plain shell host, so the
/// test writes the sequences itself; `--notify on`, since it does not run herdr).
final class HostNotificationEndToEndTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 160, height: 30)
    }

    override func tearDown() {
        harness?.tearDown()
    }

    func testKittysNotificationAndProgressShowInThePlainXtermStatusLine() throws {
        try harness.registerHost(command: "exec \(harness.innerShell)")
        try harness.attachTrusting(until: "inner$", environment: "-u TERM_PROGRAM TERM=xterm-256color",
                                   options: "--notify on")
        try harness.type(#"printf '\033]99;i=7:d=0;build\033\\'; printf '\033]99;i=7:p=body;done\033\\'; "#
                         + #"printf '\033]9;4;1;42\033\\'; echo sent-$((1+1))"# + "\n")
        try harness.waitFor("sent-2")
        try harness.waitFor("progress 42%")
        try harness.waitFor("e2e: “build: done”")
        try harness.type(#"printf '\033]9;4;0\033\\'; echo cleared-$((1+2))"# + "\n")
        try harness.waitUntil("the progress to go") { $0.contains("cleared-3") && !$0.contains("progress 42%") }
    }
}
