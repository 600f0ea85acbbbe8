import XCTest
import VT

final class PasteAndFocusEncodingTests: XCTestCase {
    private func encode(_ event: InputEvent, _ configure: (inout TerminalModes) -> Void = { _ in }) -> String {
        var modes = TerminalModes()
        configure(&modes)
        return String(decoding: InputEncoder(modes: modes).encode(event), as: UTF8.self)
    }

    func testPasteWithoutBracketsSendsTextWithNewlinesAsCR() {
        XCTAssertEqual(encode(.paste("a\nb\r\nc")), "a\rb\rc")
    }

    func testBracketedPasteWrapsText() {
        XCTAssertEqual(encode(.paste("ls -l")) { $0.bracketedPaste = true }, "\u{1B}[200~ls -l\u{1B}[201~")
    }

    func testBracketedPasteRemovesEndMarkerFromText() {
        let pasted = "safe\u{1B}[201~rm -rf /\n"
        XCTAssertEqual(encode(.paste(pasted)) { $0.bracketedPaste = true },
                       "\u{1B}[200~saferm -rf /\r\u{1B}[201~")
    }

    func testBracketedPasteRemovesEndMarkerRebuiltFromPieces() {
        let pasted = "x\u{1B}[20\u{1B}[201~1~y"
        XCTAssertEqual(encode(.paste(pasted)) { $0.bracketedPaste = true }, "\u{1B}[200~xy\u{1B}[201~")
    }

    func testFocusIsReportedOnlyUnder1004() {
        XCTAssertEqual(encode(.focus(true)), "")
        XCTAssertEqual(encode(.focus(false)), "")
        XCTAssertEqual(encode(.focus(true)) { $0.focusReporting = true }, "\u{1B}[I")
        XCTAssertEqual(encode(.focus(false)) { $0.focusReporting = true }, "\u{1B}[O")
    }
}
