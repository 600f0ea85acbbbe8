import Foundation
import TestSupport
import XCTest
@testable import DroverCLI

/// `drover attach HOST...` argument handling (the session itself is tested end to end in
/// SessionsTests): every host is resolved before the terminal is taken over.
final class AttachCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-attachcmd") }
    override func tearDown() { dir.remove() }

    func testAttachWithoutAHostIsAUsageError() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("attach"), 2)
        XCTAssertTrue(h.err.contains("missing HOST"), h.err)
    }

    func testAHostNamedTwiceIsAUsageError() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("attach", "me@a", "me@b", "me@a"), 2)
        XCTAssertTrue(h.err.contains("'me@a' is named twice"), h.err)
    }

    func testAnUnknownHostAmongSeveralIsNamed() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "10.0.0.5"), 0, h.err)
        XCTAssertEqual(h.run("attach", "mac", "zz"), 1)
        XCTAssertTrue(h.err.contains("no host named 'zz'"), h.err)
    }

    func testHelpShowsSeveralHostsAndTheSwitchingKeys() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("help", "attach"), 0)
        XCTAssertTrue(h.out.contains("attach HOST..."), h.out)
        XCTAssertTrue(h.out.contains("ctrl+] n/p"), h.out)
        XCTAssertTrue(h.out.contains("ctrl+] h"), h.out)
    }
}
