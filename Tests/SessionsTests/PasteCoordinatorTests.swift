import XCTest
import Loop
import SSH
import VT
@testable import Sessions

/// The run's one paste at a time (issue 25): a late report of a job that ended touches nothing,
/// progress is shown only for big uploads and only when the percentage changes, and ending a
/// job forgets all of it.
final class PasteCoordinatorTests: XCTestCase {
    private var loop: EventLoop!
    private var driver: LinkDriver!
    private var paste: PasteCoordinator!

    override func setUpWithError() throws {
        loop = try EventLoop()
        driver = try LinkDriver(index: 0, target: AttachTarget(displayName: "pi", endpoint: SSHEndpoint(host: "pi", port: 22, user: "me"),
                                                                 command: "herdr", host: nil),
                                terminal: Terminal(columns: 20, rows: 5), inFront: true, loop: loop, keepaliveInterval: 15)
        paste = PasteCoordinator(loop: loop)
    }

    func testOnePasteAtATimeAndAStaleResultIsIgnored() throws {
        let first = try XCTUnwrap(paste.begin(for: driver, original: "/tmp/a.png"))
        XCTAssertNil(paste.begin(for: driver, original: nil), "a second paste waits for the first")
        XCTAssertEqual(paste.current(id: first.id)?.original, "/tmp/a.png")
        XCTAssertTrue(paste.end(first))
        XCTAssertFalse(paste.end(first), "ended once")
        let second = try XCTUnwrap(paste.begin(for: driver, original: nil))
        XCTAssertNotEqual(second.id, first.id)
        XCTAssertNil(paste.current(id: first.id), "the first job's worker result is not the second's")
        XCTAssertFalse(paste.isCurrent(first))
        XCTAssertTrue(paste.isCurrent(second))
    }

    func testProgressIsShownForBigUploadsWhenThePercentageChanges() throws {
        let job = try XCTUnwrap(paste.begin(for: driver, original: nil))
        let start = ContinuousClock.now
        paste.uploadStarted(at: start)
        XCTAssertTrue(paste.isUploading)
        XCTAssertNil(paste.progressed(job, sent: 10, total: 1000, at: start), "a small upload shows no percentage")
        let total = 4 * 1024 * 1024
        XCTAssertEqual(paste.progressed(job, sent: total / 4, total: total, at: start), 25)
        XCTAssertNil(paste.progressed(job, sent: total / 4 + 1, total: total, at: start), "the same percentage again")
        XCTAssertEqual(paste.progressed(job, sent: total / 2, total: total, at: start), 50)
        paste.end(job)
        XCTAssertFalse(paste.isUploading)
        XCTAssertNil(paste.progressed(job, sent: total, total: total, at: start), "a report after the end")
        let next = try XCTUnwrap(paste.begin(for: driver, original: nil))
        paste.uploadStarted(at: start)
        XCTAssertEqual(paste.progressed(next, sent: total / 2, total: total, at: start), 50, "the next job starts counting anew")
    }

    func testTheStopNoteAndTheDeadlineEndWithTheJob() throws {
        let job = try XCTUnwrap(paste.begin(for: driver, original: nil))
        paste.stopping(job, note: "paste cancelled (Esc)")
        XCTAssertEqual(paste.stopNote, "paste cancelled (Esc)")
        var fired = 0
        paste.setDeadline(for: job, after: .zero) { fired += 1 }
        try loop.runOnce()
        XCTAssertEqual(fired, 1, "the deadline of the current job fires")
        paste.setDeadline(for: job, after: .seconds(15)) { fired += 1 }
        let pending = loop.scheduledTimerCount
        paste.end(job)
        XCTAssertEqual(loop.scheduledTimerCount, pending - 1, "ending the job cancels its deadline")
        XCTAssertNil(paste.stopNote)
        paste.stopping(job, note: "late")
        XCTAssertNil(paste.stopNote, "a job that ended takes no note")
    }
}
