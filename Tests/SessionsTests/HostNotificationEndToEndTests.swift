import Foundation
import XCTest
import TestSupport

/// OSC 99 from a host and OSC 9;4 progress reach the person too (a plain shell host, so the
/// test writes the sequences itself; `--notify on`, since it does not run herdr).
final class HostNotificationEndToEndTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 160, height: 30)
    }

    override func tearDown() {
        harness?.tearDown()
    }

    func testKittysNotificationAndProgressShowInThePlainXtermStatusLine() throws {
        try harness.registerHost(command: "exec \(harness.innerShell)")
        try harness.attachTrusting(until: "inner$", environment: "-u TERM_PROGRAM TERM=xterm-256color",
                                   options: "--notify on")
        try harness.type(#"printf '\033]99;i=7:d=0;build\033\\'; printf '\033]99;i=7:p=body;done\033\\'; "#
                         + #"printf '\033]9;4;1;42\033\\'; echo sent-$((1+1))"# + "\n")
        try harness.waitFor("sent-2")
        try harness.waitFor("progress 42%")
        try harness.waitFor("e2e: “build: done”")
        try harness.type(#"printf '\033]9;4;0\033\\'; echo cleared-$((1+2))"# + "\n")
        try harness.waitUntil("the progress to go") { $0.contains("cleared-3") && !$0.contains("progress 42%") }
    }
}
