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

    /// `ctrl+] o` names a host that runs herdr's own attach command: herdr there is asked for
    /// its sessions (off the loop, over a connection of its own) and the one picked by number opens.
    func testCtrlBracketOOffersTheHostsHerdrSessionsAndOpensThePickedOne() throws {
        try harness.registerHost(named: "a", command: harness.standinCommand(session: "sa"))
        for name in ["default", "work"] {
            let r = try account.execute("/usr/bin/tmux", ["-L", "herdr-standin", "-f", "/dev/null", "new-session", "-d", "-s", name])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        try harness.startAttach(hosts: ["a"])
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("inner$")
        try harness.keys("C-]", "o")
        try harness.waitFor("Open a host")
        try harness.type("mac\n")
        let asked = try harness.waitFor("2  work")
        XCTAssertTrue(asked.contains("Session on mac") && asked.contains("1  default  (default, running)"), asked)
        try harness.type("2\n")
        try harness.waitFor("\(account.name)@")
        try harness.type("echo picked-$((3+4))\n")
        try harness.waitFor("picked-7")
        let work = try account.execute("/usr/bin/tmux", ["-L", "herdr-standin", "capture-pane", "-p", "-t", "work"])
        XCTAssertTrue(work.stdout.contains("picked-7"), "typing reaches the picked session:\n\(work.stdout)")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    /// What `ConsoleAlert` names kitty's notification with (FNV-1a of the title).
    private func fnv1a(_ text: String) -> UInt32 {
        text.utf8.reduce(2_166_136_261 as UInt32) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }
}

/// The stand-in's herdr modes reach Drover in herdr's order and stay set, each frame comes inside
/// a synchronized update, a clipboard write ends with BEL (the session runs over SSH), and its
/// queries are sent and answered to the stand-in itself; 24-bit colour and a curly underline pass
/// as sent. Read from the host's bytes as Drover received them (`--record` keeps them).
final class HerdrStandinModesEndToEndTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 160, height: 30)
    }

    override func tearDown() {
        harness?.tearDown()
    }

    func testHerdrsModesStaySetEachFrameIsSynchronizedAndItsQueriesAnswered() throws {
        let cast = harness.scratch.file("modes.cast"), answers = harness.scratch.file("answers")
        try harness.registerHost(command: harness.standinCommand.replacingOccurrences(
            of: "herdr session attach", with: "HERDR_STANDIN_ANSWERS=\(answers) herdr session attach"))
        try harness.attachTrusting(until: "inner$", options: "--record \(cast)")
        // A program in the session writes the clipboard (ended by ST) and more frames follow.
        // And 24-bit colour and a curly underline, which the stand-in's tmux passes on as sent.
        try harness.type("printf '\\033]52;c;aGk=\\033\\\\\\033[38;2;1;2;3mtrue\\033[4:3mcurl\\033[0m'; echo attached-$((4+4))\n")
        try harness.waitFor("attached-8")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
        let sent = try recorded(cast)
        // herdr's modes in its order, then its colour and size queries, DA1 last.
        let e = "\u{1B}"
        let setup = "\(e)[>7u\(e)[?1003h\(e)[?1006h\(e)[?2004h\(e)[?1004h\(e)[?2031h"
            + "\(e)]10;?\(e)\\\(e)]11;?\(e)\\\(e)]4;1;?\(e)\\\(e)[16t\(e)[c"
        let setupEnd = try XCTUnwrap(sent.range(of: setup), sent.prefix(300).debugDescription).upperBound
        // Everything after is frames, each inside ?2026h … ?2026l (the last may be cut by the
        // detach), with none of herdr's modes switched off in between.
        var rest = sent[setupEnd...]
        var frames = 0
        while !rest.isEmpty {
            XCTAssertTrue(rest.hasPrefix("\(e)[?2026h"), "bytes outside a frame: \(rest.prefix(80).debugDescription)")
            guard rest.hasPrefix("\(e)[?2026h") else { break }
            rest = rest.dropFirst(8)
            guard let end = rest.range(of: "\(e)[?2026l") else { break }
            let frame = rest[..<end.lowerBound]
            XCTAssertFalse(frame.contains("\(e)[?2026h"), "a frame inside a frame")
            for mode in ["1000", "1002", "1003", "1006", "2004", "1004", "2031"] {
                XCTAssertFalse(frame.contains("\(e)[?\(mode)l"), "?\(mode) switched off in \(frame.debugDescription)")
            }
            rest = rest[end.upperBound...]
            frames += 1
        }
        XCTAssertGreaterThan(frames, 2, "tmux's start, the prompt and the echo at least")
        XCTAssertTrue(sent.contains("\(e)]52;") && sent.contains(";aGk=\u{07}"), "OSC 52 ended by BEL over SSH")
        XCTAssertFalse(sent.contains(";aGk=\(e)\\"), "not by ST")
        XCTAssertTrue(sent.contains("\(e)[38;2;1;2;3mtrue"), "24-bit colour, not a 256-colour index")
        XCTAssertTrue(sent.contains("\(e)[4:3mcurl"), "a curly underline, not a plain one")
        // The answers reached the stand-in, never the session.
        let answered = try String(decoding: Data(contentsOf: URL(fileURLWithPath: answers)), as: UTF8.self)
        XCTAssertTrue(answered.contains("\(e)]10;rgb:") && answered.contains("\(e)]11;rgb:"), answered.debugDescription)
        XCTAssertTrue(answered.contains("\(e)]4;1;rgb:") && answered.contains("\(e)[6;"), answered.debugDescription)
        XCTAssertTrue(answered.hasSuffix("c") && answered.contains("\(e)[?"), "read up to the DA1 answer")
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
