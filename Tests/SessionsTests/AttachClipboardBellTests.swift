import Foundation
import XCTest
import LibC
import TestSupport

/// Issue 12's clipboard, bell and recording acceptance, end to end: the built drover in an outer
/// tmux pane (with `set-clipboard on`, so an OSC 52 that reaches it lands in its paste buffer),
/// hosts on a real sshd running plain shells or small fixtures.
final class AttachClipboardBellTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 100, height: 30)
        try harness.tmux(["set", "-s", "set-clipboard", "on"])
    }

    override func tearDown() {
        harness?.tearDown()
    }

    /// A plain interactive shell on the host (prompt `inner$ `), without herdr in between.
    private var shellCommand: String { "exec \(harness.innerShell)" }

    /// Polls `condition` (tmux buffers and piped output have no event to wait on).
    private func poll(_ what: String, timeout: TimeInterval = 15, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            usleep(30_000)
        }
        throw TestSupportError("timed out waiting for \(what)")
    }

    private func topBuffer() -> String? {
        try? harness.tmux(["show-buffer"])
    }

    /// Detaches and waits for the wrapper's EXIT line (the only one on screen: each later run
    /// starts after `clear`).
    private func detach() throws {
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    func testARemoteOSC52WriteReachesTheOuterClipboardUnlessTurnedOff() throws {
        try harness.registerHost(command: shellCommand)
        try harness.attachTrusting(until: "inner$")
        try harness.type("printf '\\033]52;c;%s\\a' \"$(printf hello | base64)\"; echo sent-$((1+1))\n")
        try harness.waitFor("sent-2")
        try poll("hello in the outer tmux's buffer") { topBuffer() == "hello" }
        try detach()

        // --clipboard off: the write is dropped. It would be written before the frame showing
        // the marker after it, so once the marker is on screen the buffer has its final say.
        try harness.type("clear\n")
        try harness.startAttach(options: "--clipboard off")
        try harness.waitFor("inner$")
        try harness.type("printf '\\033]52;c;%s\\a' \"$(printf goodbye | base64)\"; echo sent-$((1+2))\n")
        try harness.waitFor("sent-3")
        XCTAssertEqual(topBuffer(), "hello")
        try detach()

        // --copy-command: the text goes to the command instead of the terminal.
        let copied = harness.scratch.file("copied")
        let copier = harness.scratch.file("bin/copy-to-file")
        try "#!/bin/sh\ncat > \(copied)\n".write(toFile: copier, atomically: true, encoding: .utf8)
        chmod(copier, 0o755)
        try harness.type("clear\n")
        try harness.startAttach(options: "--copy-command \(copier)")
        try harness.waitFor("inner$")
        try harness.type("printf '\\033]52;c;%s\\a' \"$(printf copied-text | base64)\"; echo sent-$((2+2))\n")
        try harness.waitFor("sent-4")
        try poll("the copy command's file") { (try? String(contentsOfFile: copied, encoding: .utf8)) == "copied-text" }
        XCTAssertEqual(topBuffer(), "hello", "nothing went to the terminal's clipboard")
        try detach()

        // The same for good, through the registry.
        try harness.drover(["hosts", "edit", "e2e", "--clipboard", "off"])
        XCTAssertTrue(try harness.drover(["hosts", "show", "e2e"]).contains("clipboard:  off"))
    }

    func testARemoteOSC52ReadGetsNoAnswer() throws {
        // The probe asks for the clipboard, then for DA1, and prints every byte it got back up
        // to DA1's answer: an answer to the read would come first.
        let probe = harness.scratch.file("bin/osc52-read-probe")
        try """
            #!/usr/bin/python3
            import os, sys, tty
            tty.setraw(0)
            os.write(1, b"\\033]52;c;?\\007\\033]52;p;?\\033\\\\\\033[c")
            got = b""
            while not got.endswith(b"c"):
                got += os.read(0, 1024)
            os.write(1, b"PROBE " + got.hex().encode() + b" END\\r\\n")
            os.read(0, 1)

            """.write(toFile: probe, atomically: true, encoding: .utf8)
        chmod(probe, 0o755)
        try harness.registerHost(command: "exec \(probe)")
        try harness.attachTrusting(until: " END")
        let screen = try harness.screen()
        let line = try XCTUnwrap(screen.split(separator: "\n").first { $0.contains("PROBE ") })
        XCTAssertTrue(line.contains("PROBE 1b5b3f"), "only the DA1 answer comes back:\n\(line)")
        XCTAssertFalse(line.contains("1b5d"), "no OSC answer:\n\(line)")
    }

    func testAHiddenHostsBellMarksItAndNotifies() throws {
        let output = harness.scratch.file("outer-output")
        let fifo = harness.scratch.file("ring")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // One sshd serves both hosts, so trusting its key once (a alone) covers b too.
        try harness.registerHost(named: "a", command: shellCommand)
        // b copies twice while hidden, then rings: by the time its mark shows, both copies were read.
        let copy = { (text: String) in "printf '\\033]52;c;%s\\a' $(printf \(text) | base64)" }
        try harness.registerHost(named: "b", command: "printf 'b-ready\\n'; read x < \(fifo); \(copy("one")); "
                                 + "\(copy("two")); printf '\\a'; exec cat")
        try harness.startAttach(hosts: ["a"])
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        try harness.waitFor("inner$")
        try detach()

        try harness.tmux(["pipe-pane", "-O", "-t", "outer", "cat > \(output)"])
        try harness.type("clear\n")
        // A terminal with OSC 777 (ADR 0029); --notify on makes a hidden host's bell a notification.
        try harness.startAttach(environment: "TERM_PROGRAM=ghostty", hosts: ["a", "b"], options: "--notify on")
        try harness.waitFor("inner$")
        // b opens the fifo once it is attached and its command runs; then it rings, hidden.
        var writer: Int32 = -1
        try poll("b reading the fifo") {
            writer = open(fifo, O_WRONLY | O_NONBLOCK)
            return writer >= 0
        }
        _ = write(writer, "go\n", 3)
        close(writer)
        try harness.waitFor("b: bell")

        let list = try harness.openHostList()
        XCTAssertTrue(list.contains("2  b  attached · bell just now"), list)
        try harness.escape()
        try poll("drover's OSC 777 naming b in its output") {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
            return String(decoding: bytes, as: UTF8.self).contains("\u{1B}]777;notify;drover: b;bell\u{1B}\\")
        }

        XCTAssertNil(topBuffer(), "a hidden host's copy waits until it comes to the front")

        // In front, the mark goes and b's last copy applies; a bell there rings the local bell:
        // one BEL byte from Drover.
        try harness.keys("C-]", "n")
        try harness.waitUntil("the mark to go") { $0.contains("b-ready") && !$0.contains("b: bell") }
        try poll("b's last copy in the outer buffer") { topBuffer() == "two" }
        XCTAssertEqual(try harness.tmux(["list-buffers"]).split(separator: "\n").count, 1, "only the last copy applies")
        try harness.keys("C-]", "p")
        try harness.waitUntil("a in front") { $0.contains("inner$") && !$0.contains("b-ready") }
        try harness.type("printf '\\a'; echo rang-$((1+1))\n")
        try harness.waitFor("rang-2")
        try poll("one BEL from drover") {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
            return bytes.filter { $0 == 0x07 }.count == 1
        }
        try detach()
    }

    func testARecordingReplaysToTheLiveScreen() throws {
        let cast = harness.scratch.file("live.cast")
        try harness.registerHost(command: shellCommand)
        // No echo guesses: on a busy machine the round trip turns them on, and their status
        // line is on the live screen but not in the recording.
        try harness.attachTrusting(until: "inner$", options: "--record \(cast) --predict never")
        try harness.type("seq 1 45; printf '\\033[1mbold\\033[0m wide 漢字 done-%s\\n' $((2+3))\n")
        try harness.waitFor("done-5")
        try harness.tmux(["resize-window", "-t", "outer", "-x", "90", "-y", "25"])
        try harness.type("clear; seq 7 12; echo resized-$((3+3))\n")
        try harness.waitUntil("the prompt after resized-6") { $0.contains("resized-6\ninner$") }
        let live = try harness.screen(joined: false)
        let cursor = try harness.tmux(["display", "-p", "-t", "outer", "#{cursor_y},#{cursor_x}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try detach()

        let mode = try FileManager.default.attributesOfItem(atPath: cast)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let text = try String(contentsOfFile: cast, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\"version\": 2, \"width\": 100, \"height\": 30"), text)
        XCTAssertTrue(text.contains("\"r\", \"90x25\"]"), "the resize is recorded")
        let replay = try harness.drover(["replay", cast]).split(separator: "\n", omittingEmptySubsequences: false)
        let rows = live.split(separator: "\n", omittingEmptySubsequences: false).prefix(25)
        XCTAssertEqual(replay.prefix(25).map { $0.trimmingCharacters(in: .whitespaces) },
                       rows.map { $0.trimmingCharacters(in: .whitespaces) } + Array(repeating: "", count: 25 - rows.count))
        let parts = cursor.split(separator: ",").compactMap { Int($0) }
        XCTAssertEqual(replay[25], "cursor: \(parts[0] + 1),\(parts[1] + 1)")

        // A second recording to the same file is refused before the terminal is taken.
        let again = try DroverBinary.run(["attach", "e2e", "--record", cast], home: harness.home)
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("already exists"), again.stderr)
    }
}
