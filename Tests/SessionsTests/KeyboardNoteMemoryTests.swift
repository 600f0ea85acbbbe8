import Foundation
import XCTest
import TestSupport
import Files
import LibC
@testable import Sessions

/// What `keyboard-notes` keeps: one line per kind of terminal told, found again by the next run
/// from the same kind and not by another, at most `maximumKinds` of them, 0600, and whatever the
/// environment holds a kind stays one line.
final class KeyboardNoteMemoryTests: XCTestCase {
    private var scratch: TemporaryDirectory!
    private var root: DroverRoot { DroverRoot(path: scratch.file("home")) }

    override func setUpWithError() throws { scratch = try TemporaryDirectory() }
    override func tearDown() { scratch.remove() }

    private func memory(_ program: String?, _ term: String?) throws -> KeyboardNoteMemory {
        var environment: [String: String] = [:]
        environment["TERM_PROGRAM"] = program
        environment["TERM"] = term
        return try KeyboardNoteMemory(root: root, environment: environment)
    }

    func testAKindToldOnceIsKnownToTheNextRunAndNoOtherKindIs() throws {
        let first = try memory("Apple_Terminal", "xterm-256color")
        XCTAssertFalse(first.toldBefore)
        try first.remember()
        XCTAssertTrue(try memory("Apple_Terminal", "xterm-256color").toldBefore)
        XCTAssertFalse(try memory("Apple_Terminal", "screen").toldBefore)
        XCTAssertFalse(try memory(nil, "xterm-256color").toldBefore)
        try memory(nil, "xterm-256color").remember()
        try memory("Apple_Terminal", "xterm-256color").remember()   // already there: not twice
        let path = root.file("keyboard-notes")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "-/xterm-256color\nApple_Terminal/xterm-256color\n")
        var status = stat()
        XCTAssertEqual(stat(path, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
        XCTAssertEqual(stat(root.path, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o700)
    }

    func testAKindIsOneLineWhateverTheEnvironmentHolds() {
        XCTAssertEqual(KeyboardNoteMemory.kind(environment: ["TERM_PROGRAM": "evil\nx/y z\u{1B}]", "TERM": ""]), "evilxyz/-")
        XCTAssertEqual(KeyboardNoteMemory.kind(environment: [:]), "-/-")
        let long = KeyboardNoteMemory.kind(environment: ["TERM_PROGRAM": String(repeating: "a", count: 500),
                                                         "TERM": String(repeating: "b", count: 500)])
        XCTAssertLessThanOrEqual(long.utf8.count, KeyboardNoteMemory.kindLength)
    }

    /// Remembered only when the note's own banner stood its time: not when it was only shown,
    /// nor when another banner stood.
    func testOnlyANoteWhoseBannerStoodIsRemembered() throws {
        let notes = try memory("tmux", "tmux-256color")
        XCTAssertNil(notes.rememberIfRead())
        notes.shown("the note")
        notes.bannerStood("mac (2/3)")
        XCTAssertNil(notes.rememberIfRead())
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.file("keyboard-notes")), "shown, not read")
        notes.bannerStood("the note")
        XCTAssertNil(notes.rememberIfRead())
        XCTAssertTrue(try memory("tmux", "tmux-256color").toldBefore)
    }

    /// A write that fails when the run ends is told (the run says it after its own message).
    func testAWriteThatFailsSaysWhy() throws {
        try root.ensureExists()
        let lock = root.file("keyboard-notes.lock")
        XCTAssertTrue(FileManager.default.createFile(atPath: lock, contents: nil))
        XCTAssertEqual(chmod(lock, 0o666), 0)
        let notes = try memory("tmux", "tmux-256color")
        notes.shown("the note")
        notes.bannerStood("the note")
        let failure = notes.rememberIfRead().map { "\($0)" } ?? "no failure"
        XCTAssertTrue(failure.contains("Run 'chmod go-w \(lock)'"), failure)
        XCTAssertFalse(try memory("tmux", "tmux-256color").toldBefore)
    }

    /// xterm, GNOME Terminal, Konsole and Windows Terminal all say `TERM=xterm-256color` and no
    /// `TERM_PROGRAM`; what each sets of its own tells them apart (and a newer VTE from an older).
    func testTerminalsThatShareTERMAreToldApart() throws {
        let term = ["TERM": "xterm-256color"]
        func kind(_ extra: [String: String]) -> String {
            KeyboardNoteMemory.kind(environment: term.merging(extra) { $1 })
        }
        XCTAssertEqual(kind([:]), "-/xterm-256color", "as before: a line written then still matches")
        XCTAssertEqual(kind(["VTE_VERSION": "7600"]), "-/xterm-256color/vte7600")
        XCTAssertEqual(kind(["KONSOLE_VERSION": "230805"]), "-/xterm-256color/konsole230805")
        XCTAssertEqual(kind(["WT_SESSION": "0f2d6c1e-7a3b-4e5f-9c8d-1a2b3c4d5e6f"]), "-/xterm-256color/wt",
                       "the session's id differs per tab: only its presence counts")
        XCTAssertEqual(kind(["WT_SESSION": "x", "VTE_VERSION": "7600\n/"]), "-/xterm-256color/vte7600+wt")
        XCTAssertEqual(Set([kind([:]), kind(["VTE_VERSION": "7600"]), kind(["VTE_VERSION": "7800"]),
                            kind(["KONSOLE_VERSION": "230805"]), kind(["WT_SESSION": "a"])]).count, 5)
        let long = KeyboardNoteMemory.kind(environment: ["TERM_PROGRAM": String(repeating: "a", count: 500),
                                                         "TERM": String(repeating: "b", count: 500),
                                                         "VTE_VERSION": String(repeating: "7", count: 500),
                                                         "KONSOLE_VERSION": "1", "WT_SESSION": "1"])
        XCTAssertLessThanOrEqual(long.utf8.count, KeyboardNoteMemory.kindLength)
        // Told in GNOME Terminal: Windows Terminal with the same TERM is still told.
        var environment = term
        environment["VTE_VERSION"] = "7600"
        try KeyboardNoteMemory(root: root, environment: environment).remember()
        XCTAssertTrue(try KeyboardNoteMemory(root: root, environment: environment).toldBefore)
        environment["VTE_VERSION"] = nil
        environment["WT_SESSION"] = "a"
        XCTAssertFalse(try KeyboardNoteMemory(root: root, environment: environment).toldBefore)
        XCTAssertFalse(try KeyboardNoteMemory(root: root, environment: term).toldBefore)
    }

    func testOnlyTheNewestKindsAreKept() throws {
        for index in 0..<(KeyboardNoteMemory.maximumKinds + 6) { try memory("t\(index)", "xterm").remember() }
        let kinds = try KeyboardNoteMemory.kinds(in: root)
        XCTAssertEqual(kinds.count, KeyboardNoteMemory.maximumKinds)
        XCTAssertEqual(kinds.last, "t\(KeyboardNoteMemory.maximumKinds + 5)/xterm")
        XCTAssertFalse(try memory("t0", "xterm").toldBefore)
        XCTAssertTrue(try memory("t6", "xterm").toldBefore)
    }

    /// A FIFO, an oversized file or a loose one in its place is refused as Drover's other files
    /// are (not waited on, not half read): the error names the file and what to do, and once
    /// that is done the kind is remembered and found again.
    func testAnOddFileIsRefusedWithWhatToDo() throws {
        try root.ensureExists()
        let path = root.file("keyboard-notes")
        func refusal() -> String {
            do {
                _ = try memory("tmux", "tmux-256color")
                return "not refused"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertEqual(refusal(), "\(path): is not a regular file (it is a FIFO). Move it away and try again; "
                       + "Drover keeps its files as regular files.", "a FIFO is refused, not waited on")
        XCTAssertEqual(unlink(path), 0)
        try memory("tmux", "tmux-256color").remember()
        XCTAssertTrue(try memory("tmux", "tmux-256color").toldBefore)

        let limit = KeyboardNoteMemory.maximumKinds * (KeyboardNoteMemory.kindLength + 1)
        try AtomicFile.write(String(repeating: "tmux/tmux-256color\n", count: limit / 19 + 1), to: path, mode: 0o600)
        XCTAssertEqual(refusal(), "\(path): is larger than \(limit) bytes, more than Drover reads from one file. "
                       + "Check that it is the right file, or move it away, and try again.")
        XCTAssertEqual(unlink(path), 0)

        try memory("tmux", "tmux-256color").remember()
        XCTAssertEqual(chmod(path, 0o666), 0)
        XCTAssertEqual(refusal(), "\(path): can be changed by other users (mode 666), so Drover does not trust it. "
                       + "Run 'chmod go-w \(path)' and try again.")
        XCTAssertEqual(chmod(path, 0o600), 0)
        XCTAssertTrue(try memory("tmux", "tmux-256color").toldBefore)
    }
}
