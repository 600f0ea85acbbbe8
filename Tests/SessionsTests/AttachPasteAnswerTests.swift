import Foundation
import XCTest
import LibC
import TestSupport

/// Issue 25's acceptance for the byte path (ADR 0022): the host in front asks for a cursor
/// report (CSI 6n) while a pasted picture uploads to it over a slowed SFTP server, and the
/// answer reaches the host before the upload ends. The order is read from events on the host:
/// its program writes down, when the answer arrives, whether the upload's file exists yet (it
/// is renamed into place when the upload ends), and the pasted path (sent only after the
/// upload) must arrive after the answer.
final class AttachPasteAnswerTests: XCTestCase {
    private var host: PasteTestHost!

    override func tearDown() {
        host?.tearDown()
    }

    func testACursorReportIsAnsweredWhileAPictureUploads() throws {
        host = try PasteTestHost(slowSFTP: true)
        let harness = host.harness
        let big = try host.makePNG("big.png", size: 12 * 1024 * 1024)
        let trigger = harness.scratch.file("ask")
        let log = harness.scratch.file("answers.log")
        XCTAssertEqual(mkfifo(trigger, 0o600), 0)
        let program = harness.scratch.file("ask-cursor.py")
        try Self.program(trigger: trigger, log: log, uploads: host.uploads)
            .write(toFile: program, atomically: true, encoding: .utf8)
        try harness.type("python3 \(program)\n")
        try harness.waitFor("ASKER-READY")

        try host.bracketedPaste(big)
        try harness.waitFor("uploading to e2e:", timeout: 20)
        // The host's program asks now (the upload runs: its banner is up); keys typed now would
        // wait behind the paste, so the ask is triggered through a FIFO on the host.
        let writer = open(trigger, O_WRONLY)
        XCTAssertGreaterThanOrEqual(writer, 0)
        var byte: UInt8 = 0x61
        XCTAssertEqual(write(writer, &byte, 1), 1)
        close(writer)

        try harness.waitFor("PATH-ARRIVED", timeout: 60)
        let events = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(events.first, "asked uploaded=no", "the upload ran when the host asked: \(events)")
        let answer = events.firstIndex { $0.hasPrefix("answer ") }
        let path = events.firstIndex { $0.hasPrefix("path ") }
        XCTAssertEqual(answer.map { events[$0] }, "answer uploaded=no",
                       "the report was answered before the upload ended: \(events)")
        XCTAssertNotNil(path, "\(events)")
        if let answer, let path { XCTAssertLessThan(answer, path, "the answer came before the pasted path: \(events)") }
        XCTAssertEqual(path.map { events[$0] }, "path uploaded=yes", "\(events)")
    }

    /// A host program in raw mode: on a byte from `trigger` it asks for a cursor report; it logs
    /// when the answer and when the pasted path arrive, each with whether the upload's file is
    /// in place yet, and ends once the path is there.
    private static func program(trigger: String, log: String, uploads: String) -> String {
        """
        import os, re, select, sys, termios, tty
        def uploaded():
            try:
                names = os.listdir("\(uploads)")
            except FileNotFoundError:
                return "no"
            return "yes" if any(n.endswith(".png") and not n.startswith(".") for n in names) else "no"
        log = open("\(log)", "w", buffering=1)
        saved = termios.tcgetattr(0)
        tty.setraw(0)
        fifo = os.open("\(trigger)", os.O_RDWR)
        os.write(1, b"ASKER-READY\\r\\n")
        seen, answered = b"", False
        while True:
            ready, _, _ = select.select([0, fifo], [], [])
            if fifo in ready:
                os.read(fifo, 16)
                log.write("asked uploaded=" + uploaded() + "\\n")
                os.write(1, b"\\x1b[6n")
            if 0 in ready:
                seen += os.read(0, 65536)
                if not answered and re.search(rb"\\x1b\\[\\d+;\\d+R", seen):
                    answered = True
                    log.write("answer uploaded=" + uploaded() + "\\n")
                if b"drover-paste" in seen:
                    log.write("path uploaded=" + uploaded() + "\\n")
                    break
        termios.tcsetattr(0, termios.TCSADRAIN, saved)
        os.write(1, b"\\r\\nPATH-ARRIVED\\r\\n")
        """
    }
}
