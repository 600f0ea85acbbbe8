import Foundation
import XCTest
import TestSupport

/// The host's side of an attach: the command runs on a PTY of the outer terminal's size, with
/// `TERM=xterm-256color`, and the local `COLORTERM` and `LANG` passed along.
final class AttachPTYRequestTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        let report = #"echo "term=$TERM colorterm=${COLORTERM:-unset} lang=${LANG:-unset}"; echo "size $(stty size)"; read line"#
        try harness.registerHost(command: "exec /bin/sh -c '\(report)'")
        try harness.startOuterTerminal(width: 83, height: 27)
    }

    override func tearDown() {
        harness?.tearDown()
    }

    func testTheHostCommandGetsATerminalOfTheOuterSizeWithTermColortermAndLang() throws {
        try harness.attachTrusting(until: "size ", environment: "COLORTERM=truecolor LANG=C.UTF-8")
        let text = try harness.waitFor("size 27 83")
        XCTAssertTrue(text.contains("term=xterm-256color colorterm=truecolor lang=C.UTF-8"), text)
        try harness.keys("Enter")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    func testAResizeWhileTheTrustQuestionIsUpSetsThePTYSize() throws {
        try harness.startAttach()
        try harness.waitFor("Type 'yes' to trust")
        try harness.tmux(["resize-window", "-t", "outer", "-x", "70", "-y", "20"])
        // Drover has taken the resize once it redraws the question's box 70 columns wide.
        try harness.waitUntil("the trust box redrawn 70 columns wide") { text in
            text.split(separator: "\n").contains { $0.hasPrefix("┌─New host key") && $0.hasSuffix("┐") && $0.count == 70 }
        }
        try harness.type("yes\n")
        let text = try harness.waitFor("size ")
        XCTAssertTrue(text.contains("size 20 70"), "the PTY has the size the terminal has when it is requested:\n\(text)")
        try harness.keys("Enter")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
