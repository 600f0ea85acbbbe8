import XCTest
import LibC
@testable import Console

/// A probe answer still on its way at exit is read by Drover, not left for the shell.
final class ProbeAnswerDrainTests: XCTestCase {
    private func pipeWith(_ text: String) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let bytes = Array(text.utf8)
        XCTAssertEqual(write(fds[1], bytes, bytes.count), bytes.count)
        return (fds[0], fds[1])
    }

    func testTheAnswersUpToDA1AreReadAndWhatFollowsStays() {
        // Written in one piece: the drain reads up to DA1's end and returns; a key typed after
        // it in the same read is dropped with it (at exit nothing is wanted any more).
        let ends = pipeWith("\u{1B}[?0u\u{1B}[>4;0m\u{1B}[?62;22c")
        defer { close(ends.read); close(ends.write) }
        XCTAssertTrue(ProbeAnswerDrain.drain(ends.read, within: .seconds(30)))
        var probe = pollfd(fd: ends.read, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&probe, 1, 0), 0, "nothing of the answer is left to read")
    }

    func testATerminalThatNeverAnswersCostsTheBoundOnce() {
        let ends = pipeWith("typed")
        defer { close(ends.read); close(ends.write) }
        XCTAssertFalse(ProbeAnswerDrain.drain(ends.read, within: .milliseconds(20)))
    }

    func testTheScannerFindsDA1AcrossPiecesAndNothingElse() {
        var scanner = ProbeAnswerDrain.Scanner()
        let hits = Array("x\u{1B}[c\u{1B}[?1;2xc\u{1B}[?64;1;2c".utf8).map { scanner.sawAnswerEnd(after: $0) }
        XCTAssertEqual(hits.firstIndex(of: true), hits.count - 1, "only the real DA1 answer ends it")
        XCTAssertEqual(hits.filter { $0 }.count, 1)
    }
}
