import XCTest
import VT

/// The host's keyboard requests as kitty and xterm keep them: the kitty flags' push, pop, set
/// and query on one stack per screen, and modifyOtherKeys' set, reset, disable and query.
final class KeyboardModeSequencesTests: XCTestCase {
    private func query(_ terminal: Terminal) -> String {
        _ = terminal.takeReplies()
        terminal.feed("\u{1B}[?u")
        return String(decoding: terminal.takeReplies(), as: UTF8.self)
    }

    func testPushPopSetAndQuery() {
        let t = Terminal(columns: 20, rows: 5)
        XCTAssertEqual(query(t), "\u{1B}[?0u")
        t.feed("\u{1B}[>5u")
        XCTAssertEqual(query(t), "\u{1B}[?5u")
        XCTAssertEqual(t.modes.kittyKeyboardFlags, [.disambiguate, .reportAlternateKeys])
        t.feed("\u{1B}[>u")                       // flags omitted: 0
        XCTAssertEqual(query(t), "\u{1B}[?0u")
        t.feed("\u{1B}[<u")
        XCTAssertEqual(query(t), "\u{1B}[?5u")
        t.feed("\u{1B}[=9;1u")                    // kitty's own test: 9, |3 = 11, &~6 = 9
        XCTAssertEqual(query(t), "\u{1B}[?9u")
        t.feed("\u{1B}[=3;2u")
        XCTAssertEqual(query(t), "\u{1B}[?11u")
        t.feed("\u{1B}[=6;3u")
        XCTAssertEqual(query(t), "\u{1B}[?9u")
        t.feed("\u{1B}[=16u")                     // mode omitted: 1
        XCTAssertEqual(query(t), "\u{1B}[?16u")
        t.feed("\u{1B}[<10u")                     // more pops than entries: no flags
        XCTAssertEqual(query(t), "\u{1B}[?0u")
        t.feed("\u{1B}[=1u")                      // set on an empty stack sets the bottom
        XCTAssertEqual(query(t), "\u{1B}[?1u")
    }

    /// kitty's parser gives a default only to a missing parameter and ignores extra ones.
    func testExplicitZeroAndExtraParametersAsKittyReadsThem() {
        let t = Terminal(columns: 20, rows: 5)
        t.feed("\u{1B}[>5u")
        t.feed("\u{1B}[<0u")                      // pops nothing
        XCTAssertEqual(query(t), "\u{1B}[?5u")
        t.feed("\u{1B}[=3;0u")                    // mode 0 sets nothing
        XCTAssertEqual(query(t), "\u{1B}[?5u")
        t.feed("\u{1B}[>1;2u\u{1B}[<1;1u\u{1B}[=1;1;1u")
        XCTAssertEqual(query(t), "\u{1B}[?5u")
        XCTAssertEqual(t.modes.keyboard.mainStack.count, 2)
        t.feed("\u{1B}[<u")
        XCTAssertEqual(query(t), "\u{1B}[?0u")
    }

    func testDepthIsKittysEightAndTheOldestIsEvicted() {
        let t = Terminal(columns: 20, rows: 5)
        for flags in 1...15 { t.feed("\u{1B}[>\(flags)u") }
        XCTAssertEqual(query(t), "\u{1B}[?15u")
        XCTAssertEqual(t.modes.keyboard.mainStack.count, KittyKeyboardStack.depth)
        for expected in stride(from: 14, through: 8, by: -1) {
            t.feed("\u{1B}[<u")
            XCTAssertEqual(query(t), "\u{1B}[?\(expected)u")
        }
        t.feed("\u{1B}[<u")
        XCTAssertEqual(query(t), "\u{1B}[?0u")
    }

    func testMainAndAlternateScreensKeepTheirOwnStacks() {
        let t = Terminal(columns: 20, rows: 5)
        t.feed("\u{1B}[>1u\u{1B}[>3u\u{1B}[?1049h")
        XCTAssertEqual(query(t), "\u{1B}[?0u")
        t.feed("\u{1B}[>8u\u{1B}[>16u")
        XCTAssertEqual(query(t), "\u{1B}[?16u")
        t.feed("\u{1B}[?1049l")
        XCTAssertEqual(query(t), "\u{1B}[?3u")
        t.feed("\u{1B}[<u")
        XCTAssertEqual(query(t), "\u{1B}[?1u")
        t.feed("\u{1B}[?47h")
        XCTAssertEqual(query(t), "\u{1B}[?16u", "the alternate stack is kept while the main screen shows")
    }

    func testRISClearsBothStacksAndDECSTRLeavesThemAsKittyDoes() {
        let t = Terminal(columns: 20, rows: 5)
        t.feed("\u{1B}[>1u\u{1B}[?1049h\u{1B}[>8u\u{1B}[>4;2m")
        t.feed("\u{1B}[!p")
        XCTAssertEqual(query(t), "\u{1B}[?8u")
        XCTAssertEqual(t.modes.keyboard.modifyOtherKeys, 0, "xterm 379's DECSTR resets modifyOtherKeys")
        t.feed("\u{1B}[>4;2m\u{1B}c")
        XCTAssertEqual(query(t), "\u{1B}[?0u")
        t.feed("\u{1B}[?1049h")
        XCTAssertEqual(query(t), "\u{1B}[?0u")
        XCTAssertEqual(t.modes.keyboard.modifyOtherKeys, 0)
    }

    func testFlagsKeepKittysSevenBitsAndHugeValuesAreBounded() {
        let t = Terminal(columns: 20, rows: 5)
        t.feed("\u{1B}[>255u")
        XCTAssertEqual(query(t), "\u{1B}[?127u")
        XCTAssertEqual(t.modes.kittyKeyboardFlags.rawValue, 31)
        t.feed("\u{1B}[>99999999999u\u{1B}[<99999999999u")
        XCTAssertEqual(t.modes.keyboard.mainStack.count, 0)
        t.feed("\u{1B}[=99999999;99999u")       // an unknown mode changes nothing
        XCTAssertEqual(query(t), "\u{1B}[?0u")
        for _ in 0..<10_000 { t.feed("\u{1B}[>1u") }
        XCTAssertEqual(t.modes.keyboard.mainStack.count, KittyKeyboardStack.depth)
    }

    func testPlainCSIUStillRestoresTheCursor() {
        let t = Terminal(columns: 20, rows: 5)
        t.feed("\u{1B}[2;3H\u{1B}[s\u{1B}[5;5H\u{1B}[u")
        XCTAssertEqual(t.cursor.row, 1)
        XCTAssertEqual(t.cursor.column, 2)
        XCTAssertEqual(query(t), "\u{1B}[?0u")
    }

    /// Each answer is what xterm 379 under Xvfb answered the same sequence.
    func testModifyOtherKeysSetResetDisableAndQuery() {
        let t = Terminal(columns: 20, rows: 5)
        func answer(_ sequence: String) -> String {
            _ = t.takeReplies()
            t.feed(sequence)
            return String(decoding: t.takeReplies(), as: UTF8.self)
        }
        XCTAssertEqual(answer("\u{1B}[>4;2m\u{1B}[?4m"), "\u{1B}[>4;2m")
        XCTAssertEqual(answer("\u{1B}[>4;3m\u{1B}[?4m"), "\u{1B}[>4;3m", "xterm keeps values above 2")
        XCTAssertEqual(InputEncoder(modes: t.modes).encode(.key(.enter, .shift)), [0x0D], "but only 1 and 2 change keys")
        XCTAssertEqual(answer("\u{1B}[>4;2m\u{1B}[>1;0m\u{1B}[?4m"), "\u{1B}[>4;2m", "another resource")
        XCTAssertEqual(answer("\u{1B}[>m\u{1B}[?4m"), "\u{1B}[>4;2m", "no parameters: nothing changes")
        XCTAssertEqual(answer("\u{1B}[>4m\u{1B}[?4m"), "\u{1B}[>4;0m", "no value: the initial 0")
        XCTAssertEqual(answer("\u{1B}[>4;1m\u{1B}[>4;m\u{1B}[?4m"), "\u{1B}[>4;0m")
        XCTAssertEqual(answer("\u{1B}[>4;2m\u{1B}[>4n\u{1B}[?4m"), "\u{1B}[>4;65535m", "disabled is xterm's -1")
        XCTAssertEqual(InputEncoder(modes: t.modes).encode(.key(.enter, .shift)), [0x0D])
        XCTAssertEqual(answer("\u{1B}[>4;2m\u{1B}[>0n\u{1B}[>n\u{1B}[?4m"), "\u{1B}[>4;2m")
        XCTAssertEqual(answer("\u{1B}[?0m\u{1B}[?1m\u{1B}[?2m\u{1B}[?3m\u{1B}[?5m"),
                       "\u{1B}[>0;0m\u{1B}[>1;2m\u{1B}[>2;2m\u{1B}[>3;0m\u{1B}[>5;0m")
        XCTAssertEqual(answer("\u{1B}[?7m\u{1B}[?99m\u{1B}[?m"), "\u{1B}[>7;65535m\u{1B}[>99;65535m\u{1B}[>65535;65535m")
    }
}
