import Foundation
import TestSupport
import XCTest
@testable import DroverCLI

/// `hosts add/edit --windows-shell cmd|powershell|auto` (ADR 0032; what it changes on the wire
/// is tested end to end in SessionsTests.AttachWindowsShellTests).
final class WindowsShellOptionTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-winshell") }
    override func tearDown() { dir.remove() }

    func testTheSettingIsStoredShownAndForgottenWithAuto() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "pc", "ann@10.0.0.7", "--platform", "windows"), 0, h.err)
        XCTAssertEqual(h.run("hosts", "show", "pc"), 0)
        XCTAssertTrue(h.out.contains("windows shell:") && h.out.contains("probed at the next attach"), h.out)
        XCTAssertEqual(h.run("hosts", "edit", "pc", "--windows-shell", "PWSH"), 0, h.err)
        XCTAssertEqual(h.run("hosts", "show", "pc"), 0)
        XCTAssertTrue(h.out.contains("powershell (--windows-shell)"), h.out)
        XCTAssertEqual(h.run("hosts", "edit", "pc", "--windows-shell", "auto"), 0, h.err)
        XCTAssertEqual(h.run("hosts", "show", "pc"), 0)
        XCTAssertTrue(h.out.contains("probed at the next attach"), h.out)
    }

    func testAnUnknownShellOrAUnixHostIsAUsageErrorThatChangesNothing() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "pc", "ann@10.0.0.7", "--platform", "windows"), 0, h.err)
        XCTAssertEqual(h.run("hosts", "edit", "pc", "--windows-shell", "bash"), 2)
        XCTAssertTrue(h.err.contains("--windows-shell must be cmd, powershell or auto, not 'bash'"), h.err)
        XCTAssertEqual(h.run("hosts", "add", "mac", "ann@10.0.0.5", "--windows-shell", "cmd"), 2)
        XCTAssertTrue(h.err.contains("--windows-shell is for Windows hosts, and mac is a unix host; add --platform windows"), h.err)
        XCTAssertEqual(h.run("hosts", "list"), 0)
        XCTAssertFalse(h.out.contains("mac"), "the refused host was not added:\n\(h.out)")
        XCTAssertEqual(h.run("hosts", "show", "pc"), 0)
        XCTAssertTrue(h.out.contains("probed at the next attach"), h.out)
    }

    func testHelpNamesTheOption() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "edit", "--help"), 0)
        XCTAssertTrue(h.out.contains("--windows-shell cmd|powershell|auto"), h.out)
    }
}
