import Foundation
import LibC
import XCTest
@testable import Sessions

/// A ProxyCommand's stderr as the status line hears it: each line once (also one half-written
/// when the link came up), and later lines coalesced into one waiting note holding the latest.
final class ProxyCommandErrorsTests: XCTestCase {
    /// The wakes the reader gave, each with its taker (the loop's mailbox in a run).
    private final class Wakes: @unchecked Sendable {
        private let lock = NSLock()
        private var takers: [@Sendable () -> String] = []
        func add(_ take: @escaping @Sendable () -> String) { lock.withLock { takers.append(take) } }
        var all: [@Sendable () -> String] { lock.withLock { takers } }
    }

    private var ends: [Int32] = [-1, -1]
    private let chunkRead = DispatchSemaphore(value: 0)

    override func setUpWithError() throws {
        XCTAssertEqual(pipe(&ends), 0)
    }

    override func tearDown() {
        if ends[1] >= 0 { close(ends[1]) }
    }

    /// Writes `text` (one write: the reader takes it in one read) and waits until it was taken in.
    private func say(_ text: String) {
        XCTAssertEqual(text.utf8.count, Array(text.utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) })
        XCTAssertEqual(chunkRead.wait(timeout: .now() + 30), .success, "the reader took \(text.debugDescription) in")
    }

    func testALineHalfWrittenWhenFollowedIsShownOnceWhole() throws {
        let errors = try ProxyCommandErrors(reading: ends[0]) { [chunkRead] in chunkRead.signal() }
        say("tunnel up\npart")
        let wakes = Wakes()
        XCTAssertEqual(errors.follow { wakes.add($0) }, "tunnel up", "the half line is not said yet")
        XCTAssertTrue(wakes.all.isEmpty)
        say("ial line\n")
        XCTAssertEqual(wakes.all.count, 1)
        XCTAssertEqual(wakes.all.first?(), "partial line", "once, whole")
        XCTAssertEqual(wakes.all.first?(), "", "taken")
    }

    func testLinesThatComeWhileANoteWaitsJoinItWithoutWakingAgain() throws {
        let errors = try ProxyCommandErrors(reading: ends[0]) { [chunkRead] in chunkRead.signal() }
        let wakes = Wakes()
        XCTAssertEqual(errors.follow { wakes.add($0) }, "")
        for line in ["debug1: one\n", "debug1: two\n", "debug1: three\n", "debug1: four\n"] { say(line) }
        XCTAssertEqual(wakes.all.count, 1, "one note waits at a time")
        XCTAssertEqual(wakes.all[0](), "debug1: two; debug1: three; debug1: four", "holding the latest lines")
        say("debug1: five\n")
        XCTAssertEqual(wakes.all.count, 2, "taken: the next line wakes again")
        XCTAssertEqual(wakes.all[1](), "debug1: five")
    }
}
