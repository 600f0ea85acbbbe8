import Foundation
import XCTest
@testable import Sessions

/// A remote that floods OSC 52 writes (`yes $'\\e]52;c;aGk=\\a'`) must not flood the local
/// clipboard or start a copy command per write: writes are coalesced per interval, and
/// `--copy-command` runs one at a time with only the newest text waiting.
final class CopyFloodTests: XCTestCase {
    func testAFloodOfRemoteWritesGivesOneLocalWritePerIntervalWithTheLastText() {
        var coalescer = ClipboardCoalescer()
        let start = ContinuousClock.now
        var flushes: [ContinuousClock.Instant] = []
        for index in 0..<1000 {
            if let when = coalescer.offer(Array("write \(index)".utf8), at: start) { flushes.append(when) }
        }
        XCTAssertEqual(flushes, [start], "one flush for the whole flood, at once")
        XCTAssertEqual(coalescer.take(at: start).map { String(decoding: $0, as: UTF8.self) }, "write 999")
        XCTAssertNil(coalescer.take(at: start), "nothing left to write")

        // More writes right after: the next flush waits out the interval.
        let soon = start.advanced(by: .milliseconds(1))
        var later: [ContinuousClock.Instant] = []
        for index in 0..<500 {
            if let when = coalescer.offer(Array("again \(index)".utf8), at: soon) { later.append(when) }
        }
        XCTAssertEqual(later, [start.advanced(by: ClipboardCoalescer.interval)])
        XCTAssertEqual(coalescer.take(at: later[0]).map { String(decoding: $0, as: UTF8.self) }, "again 499")
    }

    func testCopyCommandsRunOneAtATimeAndOnlyTheNewestWaits() {
        let gate = DispatchSemaphore(value: 0)
        let log = RunLog()
        let done = expectation(description: "the newest text was copied")
        let queue = CopyQueue(run: { text in
            let count = log.begin(String(decoding: text, as: UTF8.self))
            if count == 1 { gate.wait() }  // The first command is still running while the flood arrives.
            log.end()
            if text == Array("text 199".utf8) { done.fulfill() }
            return nil
        }, report: { _ in })
        for index in 0..<200 { queue.submit(Array("text \(index)".utf8)) }
        gate.signal()
        wait(for: [done], timeout: 30)
        XCTAssertEqual(log.texts, ["text 0", "text 199"], "older texts were dropped, never run")
        XCTAssertEqual(log.mostAtOnce, 1)
    }

    func testAFailureIsReported() {
        let reported = expectation(description: "reported")
        let queue = CopyQueue(command: "exit 1", report: { failure in
            XCTAssertTrue(failure.contains("exited 1"))
            reported.fulfill()
        })
        queue.submit([])
        wait(for: [reported], timeout: 10)
    }
}

/// What the fake copy command saw, from the queue's thread.
private final class RunLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    private var running = 0
    private var peak = 0

    func begin(_ text: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        list.append(text)
        running += 1
        peak = max(peak, running)
        return list.count
    }

    func end() {
        lock.lock()
        running -= 1
        lock.unlock()
    }

    var texts: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }

    var mostAtOnce: Int {
        lock.lock()
        defer { lock.unlock() }
        return peak
    }
}
