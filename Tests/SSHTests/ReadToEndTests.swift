import XCTest
import SSH
import TestSupport

/// `SSHChannel.readToEnd(deadline:limit:)`: the whole answer of a short command, bounded in
/// size and in time.
final class ReadToEndTests: XCTestCase {
    func testReadsBothStreamsUntilEndOfFile() throws {
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        let session = try fixture.session()
        let channel = try session.exec("echo answer; echo note >&2", pty: nil)
        let output = try channel.readToEnd(deadline: .now + .seconds(30), limit: 1024)
        XCTAssertEqual(String(decoding: output.stdout, as: UTF8.self), "answer\n")
        XCTAssertEqual(String(decoding: output.stderr, as: UTF8.self), "note\n")
        XCTAssertTrue(output.reachedEOF)
        XCTAssertEqual(try channel.close().status, 0)
    }

    func testKeepsAtMostLimitBytesAndStillReadsToTheEnd() throws {
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        let session = try fixture.session()
        // 200 000 bytes: several channel windows, far more than the limit.
        let channel = try session.exec("yes x | head -c 200000; echo done", pty: nil)
        let output = try channel.readToEnd(deadline: .now + .seconds(30), limit: 100)
        XCTAssertEqual(String(decoding: output.stdout, as: UTF8.self), String(repeating: "x\n", count: 50))
        XCTAssertTrue(output.reachedEOF)
        XCTAssertEqual(try channel.close().status, 0)
    }

    func testThrowsTimedOutWhenTheCommandDoesNotFinishByTheDeadline() throws {
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        let session = try fixture.session()
        // `cat` with its input left open never ends on its own.
        let channel = try session.exec("echo started; cat", pty: nil)
        XCTAssertThrowsError(try channel.readToEnd(deadline: .now + .milliseconds(300), limit: 1024)) { error in
            guard case .timedOut? = error as? SSHError else { return XCTFail("\(error)") }
        }
    }
}
