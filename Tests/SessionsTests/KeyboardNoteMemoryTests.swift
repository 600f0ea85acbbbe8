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

    private func memory(_ program: String?, _ term: String?) -> KeyboardNoteMemory {
        var environment: [String: String] = [:]
        environment["TERM_PROGRAM"] = program
        environment["TERM"] = term
        return KeyboardNoteMemory(root: root, environment: environment)
    }

    func testAKindToldOnceIsKnownToTheNextRunAndNoOtherKindIs() throws {
        let first = memory("Apple_Terminal", "xterm-256color")
        XCTAssertFalse(first.toldBefore)
        try first.remember()
        XCTAssertTrue(memory("Apple_Terminal", "xterm-256color").toldBefore)
        XCTAssertFalse(memory("Apple_Terminal", "screen").toldBefore)
        XCTAssertFalse(memory(nil, "xterm-256color").toldBefore)
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
        XCTAssertTrue(KeyboardNoteMemory(root: root, environment: environment).toldBefore)
        environment["VTE_VERSION"] = nil
        environment["WT_SESSION"] = "a"
        XCTAssertFalse(KeyboardNoteMemory(root: root, environment: environment).toldBefore)
        XCTAssertFalse(KeyboardNoteMemory(root: root, environment: term).toldBefore)
    }

    func testOnlyTheNewestKindsAreKept() throws {
        for index in 0..<(KeyboardNoteMemory.maximumKinds + 6) { try memory("t\(index)", "xterm").remember() }
        let kinds = KeyboardNoteMemory.kinds(in: root)
        XCTAssertEqual(kinds.count, KeyboardNoteMemory.maximumKinds)
        XCTAssertEqual(kinds.last, "t\(KeyboardNoteMemory.maximumKinds + 5)/xterm")
        XCTAssertFalse(memory("t0", "xterm").toldBefore)
        XCTAssertTrue(memory("t6", "xterm").toldBefore)
    }

    func testAFileThatCannotBeReadCostsOnlyTheNoteSaidAgain() throws {
        try root.ensureExists()
        let path = root.file("keyboard-notes")
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertFalse(memory("tmux", "tmux-256color").toldBefore, "a FIFO is refused, not waited on")
    }
}
