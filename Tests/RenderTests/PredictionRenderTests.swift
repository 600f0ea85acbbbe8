import XCTest
import VT
@testable import Render

/// Guesses are a layer the renderer paints over the host's frame: the local terminal shows
/// them at once, and a withdrawn guess is diffed back to exactly the host's cells.
final class PredictionRenderTests: XCTestCase {
    private let remote = Terminal(columns: 20, rows: 5)
    private let local = Terminal(columns: 20, rows: 5)
    private var renderer = ScreenRenderer(capabilities: ConsoleCapabilities(synchronizedOutput: false))
    private var engine = PredictionEngine(mode: .always)
    private let start = ContinuousClock.now

    private func draw(at ms: Int) {
        local.feed(renderer.render(remote, overlay: nil, predictions: &engine, at: start + .milliseconds(ms)))
    }

    private func type(_ text: String, at ms: Int) {
        renderer.typed(.text(text), terminal: remote, predictions: &engine, at: start + .milliseconds(ms))
        draw(at: ms)
    }

    private func assertLocalShowsTheHost(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let shown = local.frame(), truth = remote.frame()
        // A written space and an erased cell look alike; the renderer may draw either.
        func plain(_ cell: Cell) -> Cell { cell.content == 0x20 ? Cell(content: 0, width: 1, attributes: cell.attributes) : cell }
        let differing = shown.cells.indices.filter { plain(shown.cells[$0]) != plain(truth.cells[$0]) }
        XCTAssertEqual(differing, [], "\(message): local \(differing.map { shown.cells[$0] }) host \(differing.map { truth.cells[$0] })",
                       file: file, line: line)
        XCTAssertEqual([shown.cursorRow, shown.cursorColumn], [truth.cursorRow, truth.cursorColumn], message,
                       file: file, line: line)
    }

    override func setUp() {
        remote.feed("$ ")
        draw(at: 0)
        type("e", at: 10)
    }

    /// The host's echo of the first key confirms the epoch: the keys typed after it while it
    /// was in flight are drawn from now on (a key typed once all are echoed would wait).
    private func echoFirstKey() {
        remote.feed("e")
        draw(at: 50)
    }

    func testAGuessIsDrawnUnderlinedAtOnceAndTheEchoReplacesIt() {
        type("c", at: 20)
        echoFirstKey()
        XCTAssertEqual(local.frame().rowText(0), "$ ec", "drawn before the host answers")
        XCTAssertEqual(local.frame()[0, 3].attributes.underline, .single)
        XCTAssertEqual(local.frame().cursorColumn, 4)
        XCTAssertEqual(remote.frame().rowText(0), "$ e", "the emulator holds only the host's truth")
        remote.feed("c")
        draw(at: 100)
        assertLocalShowsTheHost("once confirmed, the host's own cell is shown")
    }

    func testAWithdrawnGuessRepaintsExactlyTheHostsCells() {
        type("ch", at: 20)
        echoFirstKey()
        XCTAssertEqual(local.frame().rowText(0), "$ ech")
        remote.feed("\u{1B}[1mX\u{1B}[m")
        draw(at: 100)
        XCTAssertEqual(engine.withdrawnCount, 2)
        assertLocalShowsTheHost("the wrong guesses are gone, the host's bold X is there")
    }

    func testAGuessThatTimesOutRepaintsTheHostsCells() {
        type("x", at: 20)
        echoFirstKey()
        XCTAssertEqual(local.frame().rowText(0), "$ ex")
        XCTAssertTrue(renderer.expire(terminal: remote, predictions: &engine, at: start + .seconds(5)))
        draw(at: 5000)
        assertLocalShowsTheHost("nothing echoed, nothing left behind")
    }

    func testAnOverlayStaysOverTheGuesses() {
        type("c", at: 20)
        echoFirstKey()
        local.feed(renderer.render(remote, overlay: .status("hello"), predictions: &engine, at: start + .milliseconds(61)))
        XCTAssertEqual(local.frame().rowText(0), "$ ec")
        XCTAssertEqual(local.frame().rowText(4), "hello")
    }
}
