import Foundation
import TestSupport
import XCTest
@testable import DroverCLI

/// `--paste-images on|off` on `hosts add/edit` and `attach` (the effect is tested end to end in
/// SessionsTests.AttachPasteImageTests).
final class PasteImagesOptionTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-pasteopts") }
    override func tearDown() { dir.remove() }

    func testAValueOtherThanOnOrOffIsAUsageError() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "10.0.0.5"), 0, h.err)
        XCTAssertEqual(h.run("attach", "mac", "--paste-images", "yes"), 2)
        XCTAssertTrue(h.err.contains("--paste-images takes on or off, not 'yes'"), h.err)
        XCTAssertEqual(h.run("hosts", "edit", "mac", "--paste-images", "maybe"), 2)
        XCTAssertTrue(h.err.contains("--paste-images takes on or off, not 'maybe'"), h.err)
    }

    func testTheHostsSettingIsStoredAndShownWhenSet() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "10.0.0.5", "--paste-images", "off"), 0, h.err)
        XCTAssertEqual(h.run("hosts", "show", "mac"), 0)
        XCTAssertTrue(h.out.contains("paste-images:  off\n"), h.out)
        XCTAssertEqual(h.run("hosts", "edit", "mac", "--paste-images", "ON"), 0, h.err)
        XCTAssertEqual(h.run("hosts", "show", "mac"), 0)
        XCTAssertTrue(h.out.contains("paste-images:  on\n"), h.out)
        XCTAssertEqual(h.run("hosts", "add", "pi", "--host", "10.0.0.6"), 0, h.err)
        let pi = CLIHarness(environment: env)
        XCTAssertEqual(pi.run("hosts", "show", "pi"), 0)
        XCTAssertFalse(pi.out.contains("paste-images"), "the default is not listed:\n\(pi.out)")
        let help = CLIHarness(environment: env)
        XCTAssertEqual(help.run("attach", "--help"), 0)
        XCTAssertTrue(help.out.contains("--paste-images"), help.out)
        XCTAssertTrue(help.out.contains("ctrl+] v"), help.out)
    }
}
