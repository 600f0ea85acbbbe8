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

/// The stand-in's herdr modes reach Drover in herdr's order after tmux's own start, and its
/// queries are answered to the stand-in itself. Read from the host's bytes as `--record` keeps them.
final class HerdrStandinModesEndToEndTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 160, height: 30)
    }

    override func tearDown() {
        harness?.tearDown()
    }

    func testHerdrsModesAreInEffectAndItsQueriesAnswered() throws {
        let cast = harness.scratch.file("modes.cast"), answers = harness.scratch.file("answers")
        try harness.registerHost(command: harness.standinCommand.replacingOccurrences(
            of: "herdr session attach", with: "HERDR_STANDIN_ANSWERS=\(answers) herdr session attach"))
        try harness.attachTrusting(until: "inner$", options: "--record \(cast)")
        try harness.type("echo attached-$((4+4))\n")
        try harness.waitFor("attached-8")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
        let sent = try recorded(cast)
        // herdr's modes, in its order, after tmux's own start (its alternate screen), which resets
        // the mouse and bracketed paste.
        let modes = "\u{1B}[>7u\u{1B}[?1003h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[?1004h\u{1B}[?2031h"
        let tmuxStart = try XCTUnwrap(sent.range(of: "\u{1B}[?1049h", options: .backwards), sent.debugDescription)
        XCTAssertNotNil(sent.range(of: modes, range: tmuxStart.upperBound..<sent.endIndex), sent.debugDescription)
        // Focus events and colour-scheme reports stay set; tmux turns the mouse and bracketed
        // paste off again on its redraws while the session's program does not ask for them.
        for mode in ["?1004", "?2031"] {
            let set = try XCTUnwrap(sent.range(of: "\u{1B}[\(mode)h", options: .backwards))
            if let reset = sent.range(of: "\u{1B}[\(mode)l", options: .backwards) {
                XCTAssertLessThan(reset.lowerBound, set.lowerBound, "\(mode) stays set")
            }
        }
        XCTAssertTrue(sent.contains("\u{1B}[>7u"), "the kitty keyboard push")
        let answered = try String(decoding: Data(contentsOf: URL(fileURLWithPath: answers)), as: UTF8.self)
        XCTAssertTrue(answered.contains("\u{1B}]10;rgb:") && answered.contains("\u{1B}]11;rgb:"), answered.debugDescription)
        XCTAssertTrue(answered.contains("\u{1B}]4;1;rgb:") && answered.contains("\u{1B}[6;"), answered.debugDescription)
        XCTAssertTrue(answered.hasSuffix("c") && answered.contains("\u{1B}[?"), "read up to the DA1 answer")
        XCTAssertFalse(try harness.screen().contains("rgb:"), "no answer reached the session")
        XCTAssertFalse(sent.contains("rgb:"), "nor its screen")
    }

    /// The host's output in an asciicast file, joined.
    private func recorded(_ path: String) throws -> String {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        return try lines.compactMap { line -> String? in
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any]
            return event?.count == 3 && event?[1] as? String == "o" ? event?[2] as? String : nil
        }.joined()
    }
}
