import Foundation
import XCTest
import SSH
import TestSupport

/// Device-key login, exec without a PTY, exit status and environment.
final class ExecTests: XCTestCase {
    func testDeviceKeyLoginRunsCommandAndReturnsOutputAndExitStatus() throws {
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        let session = try fixture.session()
        XCTAssertTrue(session.isAuthenticated)
        let result = try session.run(command: "echo out-$((6*7)); echo err >&2; exit 3")
        XCTAssertEqual(result.stdout.text, "out-42\n")
        XCTAssertEqual(result.stderr.text, "err\n")
        XCTAssertEqual(result.exit.status, 3)
        XCTAssertNil(result.exit.signal)
    }
}
