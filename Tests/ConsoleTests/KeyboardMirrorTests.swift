import XCTest
import VT
@testable import Console
@testable import Loop

/// The local keyboard's mirror without a view: the probe, what its answers settle, the bytes
/// that follow the front host, and what the keeper (the console session) is told.
final class KeyboardMirrorTests: XCTestCase {
    final class Keeper: LocalKeyboardKeeper {
        var keyboardUndo: [UInt8] = []
        var awaitsProbeAnswer = false
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testTheProbeGoesFirstAndItsAnswerIsAwaitedUntilDA1() throws {
        let mirror = KeyboardMirror(loop: try EventLoop(), probeTimeout: .seconds(60))
        let keeper = Keeper()
        mirror.keep(in: keeper)
        mirror.startProbe {}
        let first = mirror.takeBytes(wanted: false, kittyFlags: 0)
        XCTAssertEqual(first.bytes, ConsoleSequences.keyboardProbe)
        XCTAssertNil(first.note)
        XCTAssertTrue(keeper.awaitsProbeAnswer, "the session reads a late answer at exit")
        XCTAssertFalse(mirror.learn([]))
        XCTAssertFalse(mirror.learn([.kittyKeyboardFlags(0)]), "not settled before DA1")
        XCTAssertTrue(mirror.learn([.primaryDeviceAttributes]))
        XCTAssertFalse(keeper.awaitsProbeAnswer)
        XCTAssertEqual(mirror.keyboard.support, .kitty)
    }

    func testEachModeChangeTellsTheKeeperItsUndo() throws {
        let mirror = KeyboardMirror(loop: try EventLoop(), probeTimeout: .seconds(60))
        let keeper = Keeper()
        mirror.keep(in: keeper)
        _ = mirror.learn([.kittyKeyboardFlags(0), .primaryDeviceAttributes])
        XCTAssertEqual(mirror.takeBytes(wanted: true, kittyFlags: 1).bytes, bytes("\u{1B}[>1u"))
        XCTAssertEqual(keeper.keyboardUndo, bytes("\u{1B}[<1u"))
        XCTAssertEqual(mirror.takeBytes(wanted: true, kittyFlags: 1).bytes, [], "no change, nothing sent")
        XCTAssertEqual(mirror.takeBytes(wanted: false, kittyFlags: 1).bytes, bytes("\u{1B}[<1u"))
        XCTAssertEqual(keeper.keyboardUndo, [])
    }

    func testASilentTerminalIsSettledByTheBoundAndToldOnceWhatIsLost() throws {
        let loop = try EventLoop()
        let mirror = KeyboardMirror(loop: loop, probeTimeout: .milliseconds(1))
        var settled = 0
        mirror.startProbe { settled += 1 }
        while settled == 0 { try loop.runOnce() }
        XCTAssertEqual(mirror.keyboard.support, LocalKeyboard.Support.none)
        XCTAssertNil(mirror.takeBytes(wanted: false, kittyFlags: 0).note, "no host wants more yet")
        XCTAssertEqual(mirror.takeBytes(wanted: true, kittyFlags: 1).note, KeyboardMirror.noProtocolNote)
        _ = mirror.takeBytes(wanted: false, kittyFlags: 0)
        XCTAssertNil(mirror.takeBytes(wanted: true, kittyFlags: 1).note, "said once")
    }

    func testAHostWantsExtendedKeysByItsKittyFlagsOrModifyOtherKeys() {
        let terminal = Terminal(columns: 20, rows: 5)
        XCTAssertFalse(KeyboardMirror.wantsExtendedKeys(terminal.modes))
        terminal.feed(bytes("\u{1B}[>1u"))
        XCTAssertTrue(KeyboardMirror.wantsExtendedKeys(terminal.modes))
        terminal.feed(bytes("\u{1B}[<u\u{1B}[>4;2m"))
        XCTAssertTrue(KeyboardMirror.wantsExtendedKeys(terminal.modes))
        terminal.feed(bytes("\u{1B}[>4;0m"))
        XCTAssertFalse(KeyboardMirror.wantsExtendedKeys(terminal.modes))
    }
}
