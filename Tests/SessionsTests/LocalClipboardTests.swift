import Foundation
import XCTest
import TestSupport
@testable import Sessions

/// Copying to the local clipboard: OSC 52 to the terminal by default, or the text on the
/// standard input of `--copy-command`, byte for byte, and a clear message when it cannot run.
final class LocalClipboardTests: XCTestCase {
    func testTheTerminalGetsOSC52() {
        var written: [UInt8] = []
        let message = LocalClipboard().copy("hi\nthere") { written += $0 }
        XCTAssertEqual(String(decoding: written, as: UTF8.self), "\u{1B}]52;c;aGkKdGhlcmU=\u{07}")
        XCTAssertEqual(message, "copied 2 lines to the clipboard")
    }

    func testACopyCommandGetsTheTextOnItsInput() throws {
        let dir = try TemporaryDirectory(prefix: "drover-clipboard")
        defer { dir.remove() }
        let text = "wide 漢字, e\u{301}\nsecond line"
        let process = try LocalClipboard.run("cat > '\(dir.file("out"))'", input: Data(text.utf8))
        process.waitUntilExit()
        XCTAssertEqual(try String(contentsOfFile: dir.file("out"), encoding: .utf8), text)
        var written: [UInt8] = []
        // A command that reads its input (drover ignores SIGPIPE; this test process does not).
        let clipboard = LocalClipboard(command: "cat >/dev/null")
        XCTAssertEqual(clipboard.copy("x") { written += $0 }, "copied 1 line with cat >/dev/null")
        XCTAssertTrue(written.isEmpty, "nothing goes to the terminal")
    }
}
