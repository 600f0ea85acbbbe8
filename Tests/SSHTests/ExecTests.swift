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

/// A server that refuses what a channel asks for gives `channelRefused`.
final class ChannelRefusedTests: XCTestCase {
    func testRefusedTerminalIsChannelRefused() throws {
        let fixture = try SSHFixture(extraConfig: ["PermitTTY no"])
        defer { fixture.tearDown() }
        let session = try fixture.session()
        XCTAssertThrowsError(try session.exec("true", pty: SSHPTYRequest())) { error in
            guard case .channelRefused(let detail)? = error as? SSHError else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("requesting a terminal"), detail)
            // The advice fits a refused PTY: the server's setting or the key's options.
            XCTAssertTrue("\(error)".contains("PermitTTY") && "\(error)".contains("no-pty"), "\(error)")
        }
        XCTAssertEqual(try session.run(command: "echo no-pty-is-fine").stdout.text, "no-pty-is-fine\n")
    }
}
