import Foundation
import XCTest
import LibC
import TestSupport
@testable import Sessions

/// `--copy-command`: the text goes to the command's stdin; a failing command is reported with
/// advice, and one that does not read its input does not hurt Drover.
final class CopyCommandTests: XCTestCase {
    /// As drover's main does before any command: a write to a reader that left must fail, not kill.
    override func setUp() {
        ignoreBrokenPipeSignal()
    }

    func testTheTextReachesTheCommandsStdin() throws {
        let dir = try TemporaryDirectory(prefix: "drover-copy")
        defer { dir.remove() }
        let file = dir.file("copied")
        XCTAssertNil(CopyCommand.runNow("cat > '\(file)'", Array("héllo\nworld".utf8)))
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "héllo\nworld")
    }

    func testAFailingCommandSaysWhatToDo() {
        let failure = CopyCommand.runNow("exit 3", Array("x".utf8))
        XCTAssertEqual(failure, "copy command 'exit 3' exited 3; nothing was copied. Check that it runs in a shell here, "
                       + "or leave out --copy-command to copy with OSC 52")
        XCTAssertTrue(CopyCommand.runNow("no-such-copier-xyz", [])?.contains("exited 127") == true)
    }

    func testACommandThatDoesNotReadItsInputIsNoHarm() {
        XCTAssertNil(CopyCommand.runNow("true", [UInt8](repeating: 0x61, count: 1 << 20)))
    }

    func testACommandThatNeitherReadsNorExitsIsStoppedAtTheTimeout() {
        // Holds the text unread (more than a pipe takes) and would sleep for a minute.
        let failure = CopyCommand.runNow("exec sleep 60", [UInt8](repeating: 0x61, count: 1 << 20),
                                         timeout: .milliseconds(300))
        XCTAssertEqual(failure, "copy command 'exec sleep 60' did not finish within 300 ms and was stopped; nothing was "
                       + "copied. Check that it exits once it has read its input, or leave out --copy-command to copy with OSC 52")
    }
}
