import XCTest
import VT
@testable import DroverCLI

final class ReplayParsingTests: XCTestCase {
    func testRawFileIsTakenAsIs() throws {
        let r = try Recording.parse(Array("\u{1B}[1mhi".utf8), name: "x.vt")
        XCTAssertEqual(r.format, .raw)
        XCTAssertEqual(r.outputBytes, Array("\u{1B}[1mhi".utf8))
    }

    func testRawStreamStartingWithBraceIsNotTakenForAsciicast() throws {
        let r = try Recording.parse(Array("{ \u{1B}[1mfn main() {}\n".utf8), name: "code.vt")
        XCTAssertEqual(r.format, .raw)
    }

    func testTypescriptDropsHeaderAndDoneLines() throws {
        let text = "Script started on 2026-11-29 12:00:00+00:00 [TERM=\"xterm\"]\n$ ls\r\nfile\r\n$ exit\r\n\nScript done on 2026-11-29 12:01:00+00:00 [COMMAND_EXIT_CODE=\"0\"]\n"
        let r = try Recording.parse(Array(text.utf8), name: "typescript")
        XCTAssertEqual(r.format, .typescript)
        XCTAssertEqual(String(decoding: r.outputBytes, as: UTF8.self), "$ ls\r\nfile\r\n$ exit\r\n")
    }

    func testTypescriptWithoutDoneLineKeepsEverythingAfterHeader() throws {
        let r = try Recording.parse(Array("Script started on x\nabc\nScript done? no\nmore".utf8), name: "t")
        XCTAssertEqual(String(decoding: r.outputBytes, as: UTF8.self), "abc\nScript done? no\nmore")
    }

    func testAsciicastKeepsOutputAndResizeEvents() throws {
        let text = """
            {"version": 2, "width": 100, "height": 30, "timestamp": 1}
            [0.1, "o", "hello \\u001b[1mbold"]
            [0.2, "i", "typed"]
            [0.3, "r", "90x20"]
            [0.4, "o", "\\r\\n\u{4E2D}"]
            """
        let r = try Recording.parse(Array(text.utf8), name: "a.cast")
        XCTAssertEqual(r.format, .asciicast)
        XCTAssertEqual(r.declaredSize?.columns, 100)
        XCTAssertEqual(r.declaredSize?.rows, 30)
        XCTAssertEqual(r.chunks, [.output(Array("hello \u{1B}[1mbold".utf8)), .resize(columns: 90, rows: 20),
                                  .output(Array("\r\n中".utf8))])
    }

    /// Replay does not pace by time, so times that go backwards neither reorder nor drop events
    /// (the file's line order is the order written); such a file replays rather than failing.
    func testAsciicastEventsKeepLineOrderWhateverTheirTimes() throws {
        let text = "{\"version\": 2}\n[2.0, \"o\", \"late\"]\n[1.0, \"r\", \"30x6\"]\n[-1, \"o\", \"early\"]\n"
        let r = try Recording.parse(Array(text.utf8), name: "back.cast")
        XCTAssertEqual(r.chunks, [.output(Array("late".utf8)), .resize(columns: 30, rows: 6), .output(Array("early".utf8))])
    }

    func testAsciicastErrorsNameTheLine() {
        let text = "{\"version\": 2, \"width\": 80, \"height\": 24}\n[0.1, \"o\", \"ok\"]\nnot json\n"
        XCTAssertThrowsError(try Recording.parse(Array(text.utf8), name: "bad.cast")) { error in
            XCTAssertTrue("\(error)".contains("bad.cast, line 3"), "\(error)")
        }
        XCTAssertThrowsError(try Recording.parse(Array("{\"version\": 1}\n".utf8), name: "old.cast")) { error in
            XCTAssertTrue("\(error)".contains("version 1 is not supported"), "\(error)")
        }
    }

    /// Found while fuzzing the readers: blank lines were not counted, so the error named an
    /// earlier line than the bad one.
    func testAsciicastErrorCountsBlankLines() {
        let text = "{\"version\": 2, \"width\": 80, \"height\": 24}\n\n[0.1, \"o\", \"ok\"]\n\nnot json\n"
        XCTAssertThrowsError(try Recording.parse(Array(text.utf8), name: "gaps.cast")) { error in
            XCTAssertTrue("\(error)".contains("gaps.cast, line 5"), "\(error)")
        }
    }

    func testInputEventsParse() throws {
        XCTAssertEqual(try ReplayInput.parseEvent("click:10,5"),
                       .other(.mouse(MouseEvent(button: .left, action: .press, column: 10, row: 5))))
        XCTAssertEqual(try ReplayInput.parseEvent("release:3,4+ctrl"),
                       .other(.mouse(MouseEvent(button: .left, action: .release, column: 3, row: 4, modifiers: .control))))
        XCTAssertEqual(try ReplayInput.parseEvent("wheel-down:1,2"),
                       .other(.mouse(MouseEvent(button: .wheelDown, action: .press, column: 1, row: 2))))
        XCTAssertEqual(try ReplayInput.parseEvent("key:f5+shift"), .key(KeyEvent(.function(5), .shift)))
        XCTAssertEqual(try ReplayInput.parseEvent("key:a+ctrl"), .key(KeyEvent(.character("a"), .control)))
        XCTAssertEqual(try ReplayInput.parseEvent("key:+"), .key(KeyEvent(.character("+"))))
        XCTAssertEqual(try ReplayInput.parseEvent("key:up"), .key(KeyEvent(.up)))
        XCTAssertEqual(try ReplayInput.parseEvent("key:enter+super+release"), .key(KeyEvent(.enter, .super, type: .release)))
        XCTAssertEqual(try ReplayInput.parseEvent("paste:a:b"), .other(.paste("a:b")))
        XCTAssertEqual(try ReplayInput.parseEvent("focus:out"), .other(.focus(false)))
    }

    func testBadInputEventsNameTheArgument() {
        for bad in ["click", "click:0,5", "click:a,b", "key:nosuchkey", "key:up+windows", "key:a+release+nosuch", "focus:sideways", "poke:1,1"] {
            XCTAssertThrowsError(try ReplayInput.parseEvent(bad), bad) { error in
                XCTAssertTrue((error as? UsageError)?.message.contains("'\(bad)'") == true, "\(error)")
            }
        }
    }

    func testBytesAreEscapedCStyle() {
        XCTAssertEqual(ByteEscaping.cStyle(Array("\u{1B}[<0;10;5M".utf8)), "\\e[<0;10;5M")
        XCTAssertEqual(ByteEscaping.cStyle([0x1B, 0x5B, 0x4D, 0x20, 0xFF, 0x0D, 0x0A, 0x09, 0x5C, 0x7F, 0x01]),
                       "\\e[M \\xff\\r\\n\\t\\\\\\x7f\\x01")
    }
}
