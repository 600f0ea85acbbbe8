import XCTest
import VT
@testable import Console

/// The local terminal's colour, cell-size and colour-scheme answers: decoded apart from keys
/// (`LocalInputDecoder`, `LocalTerminalReply`), kept (`LocalAppearance`), and what an emulator
/// given them answers a host's queries with.
final class LocalAppearanceTests: XCTestCase {
    private let e = "\u{1B}"
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    private func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> RGBColor { RGBColor(red: r, green: g, blue: b) }

    func testColourAnswersEndedByBELOrSTAreRepliesNotKeys() {
        var decoder = LocalInputDecoder()
        let events = decoder.decode(bytes("a\(e)]11;rgb:1010/2020/3030\u{07}\(e)]10;rgb:c0c0/d0d0/e0e0\(e)\\b"
                                          + "\(e)]4;1;rgb:cd/00/00\u{07}\(e)[6;17;9t\(e)[?997;2n"))
        XCTAssertEqual(events.compactMap { if case .text(let t) = $0 { return t } else { return nil } }.joined(), "ab",
                       "only the typed text is a key: \(events)")
        XCTAssertEqual(decoder.takeReplies(), [
            .dynamicColor(number: 11, rgb(0x10, 0x20, 0x30)),
            .dynamicColor(number: 10, rgb(0xC0, 0xD0, 0xE0)),
            .paletteColor(index: 1, rgb(0xCD, 0, 0)),
            .cellPixelSize(width: 9, height: 17),
            .colorScheme(dark: false),
        ])
    }

    func testAnAnswerSplitAcrossReadsWaitsForItsEnd() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode(bytes("\(e)]11;rgb:10")), [])
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.flushPendingEscape(), [], "the start of an answer is not flushed as keys at the escape timeout")
        XCTAssertEqual(decoder.decode(bytes("10/2020/3030\(e)")), [])
        XCTAssertEqual(decoder.decode(bytes("\\x")), [.text("x")])
        XCTAssertEqual(decoder.takeReplies(), [.dynamicColor(number: 11, rgb(0x10, 0x20, 0x30))])
    }

    func testAltBracketIsStillAKey() {
        var decoder = LocalInputDecoder()
        XCTAssertEqual(decoder.decode(bytes("\(e)]x")), [.key(.character("]"), .alt), .text("x")])
        XCTAssertEqual(decoder.decode(bytes("\(e)]")), [], "it may be an answer's start")
        XCTAssertEqual(decoder.flushPendingEscape(), [.key(.character("]"), .alt)])
        XCTAssertTrue(decoder.takeReplies().isEmpty)
    }

    func testSomethingThatIsNoAnswerIsNotTakenForOne() {
        var decoder = LocalInputDecoder()
        // A control byte inside: no answer holds one; the bytes are keys.
        let events = decoder.decode(bytes("\(e)]1\r"))
        XCTAssertEqual(events.first, .key(.character("]"), .alt))
        XCTAssertTrue(decoder.takeReplies().isEmpty)
        // An answer that never ends within the bound is not buffered for ever.
        let long = decoder.decode(bytes("\(e)]11;" + String(repeating: "7", count: 200)))
        XCTAssertEqual(long.first, .key(.character("]"), .alt))
        XCTAssertFalse(decoder.hasPendingEscape)
        // A colour nobody can read is no reply.
        _ = decoder.decode(bytes("\(e)]11;nonsense\u{07}\(e)]4;99;rgb:1/2/3\u{07}"))
        XCTAssertTrue(decoder.takeReplies().isEmpty)
    }

    func testAnEmulatorGivenTheAppearanceAnswersWithIt() {
        var appearance = LocalAppearance()
        XCTAssertTrue(appearance.learn(.dynamicColor(number: 11, rgb(0x10, 0x20, 0x30))))
        XCTAssertTrue(appearance.learn(.dynamicColor(number: 10, rgb(0xC0, 0xD0, 0xE0))))
        XCTAssertTrue(appearance.learn(.paletteColor(index: 4, rgb(1, 2, 3))))
        XCTAssertTrue(appearance.learn(.cellPixelSize(width: 9, height: 17)))
        XCTAssertFalse(appearance.learn(.cellPixelSize(width: 9, height: 17)), "nothing new")
        XCTAssertFalse(appearance.learn(.primaryDeviceAttributes))
        let terminal = Terminal(columns: 80, rows: 24)
        appearance.apply(to: terminal)
        terminal.feed(bytes("\(e)]11;?\u{07}\(e)]10;?\(e)\\\(e)]4;4;?\u{07}\(e)]4;5;?\u{07}\(e)[16t\(e)[14t\(e)[?996n"))
        XCTAssertEqual(String(decoding: terminal.takeReplies(), as: UTF8.self),
                       "\(e)]11;rgb:1010/2020/3030\u{07}\(e)]10;rgb:c0c0/d0d0/e0e0\(e)\\"
                       + "\(e)]4;4;rgb:0101/0202/0303\u{07}\(e)]4;5;rgb:cdcd/0000/cdcd\u{07}"
                       + "\(e)[6;17;9t\(e)[4;408;720t\(e)[?997;1n")
    }

    func testTheSchemeTheTerminalReportsWinsOverTheBackground() {
        var appearance = LocalAppearance()
        _ = appearance.learn(.dynamicColor(number: 11, rgb(0xFF, 0xFF, 0xF0)))
        let terminal = Terminal(columns: 80, rows: 24)
        appearance.apply(to: terminal)
        terminal.feed(bytes("\(e)[?996n"))
        XCTAssertEqual(terminal.takeReplies(), bytes("\(e)[?997;2n"), "light background")
        _ = appearance.learn(.colorScheme(dark: true))
        appearance.apply(to: terminal)
        terminal.feed(bytes("\(e)[?996n"))
        XCTAssertEqual(terminal.takeReplies(), bytes("\(e)[?997;1n"))
    }

    func testWindowPixelsGiveTheCellSizeUnless16tSaidIt() {
        var appearance = LocalAppearance()
        XCTAssertFalse(appearance.learnWindowPixels(width: 0, height: 0, columns: 80, rows: 24), "not filled in")
        XCTAssertTrue(appearance.learnWindowPixels(width: 800, height: 480, columns: 80, rows: 24))
        XCTAssertEqual(appearance.cellPixels, LocalAppearance.CellPixels(width: 10, height: 20))
        _ = appearance.learn(.cellPixelSize(width: 7, height: 14))
        XCTAssertFalse(appearance.learnWindowPixels(width: 800, height: 480, columns: 80, rows: 24))
        XCTAssertEqual(appearance.cellPixels, LocalAppearance.CellPixels(width: 7, height: 14))
    }

    func testTheProbeAsksTheColoursAndTheCellSizeBeforeDA1() {
        let probe = String(decoding: ConsoleSequences.keyboardProbe, as: UTF8.self)
        XCTAssertTrue(probe.hasSuffix("\(e)[16t\(e)[c"), probe)
        for query in ["\(e)]10;?\(e)\\", "\(e)]11;?\(e)\\", "\(e)]12;?\(e)\\", "\(e)]4;0;?\(e)\\", "\(e)]4;15;?\(e)\\"] {
            XCTAssertTrue(probe.contains(query), query)
        }
    }
}
