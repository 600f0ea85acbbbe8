import Foundation
import TestSupport
import XCTest

/// The README's first command: `scripts/demo` on a machine that never ran it registers the demo
/// host, attaches after `yes`, detaches with `ctrl+] d` and exits 0. (A field rule once made its
/// `hosts add` fail on a fresh machine while older registries still worked.)
final class DemoScriptTests: XCTestCase {
    func testTheDemoRunsOnAFreshMachineAndDetaches() throws {
        let h = try AttachHarness()
        let demo = h.scratch.file("demo")
        defer {
            if let pid = try? String(contentsOfFile: demo + "/sshd/sshd.pid", encoding: .utf8),
               let number = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(number, SIGTERM)
            }
            _ = try? Shell.run("/usr/bin/tmux", ["-L", "herdr-standin", "kill-session", "-t", "demo"])
            h.tearDown()
        }
        try h.startOuterTerminal(width: 110, height: 32)
        try h.type("DROVER_DEMO_DIR=\(demo) DROVER_DEMO_NO_BUILD=1 bash \(AttachHarness.script("demo")); echo EXIT=$?\n")
        try h.waitFor("Type 'yes' to trust", timeout: 60)
        try h.type("yes\n")
        // The stand-in's tmux status line shows the herdr session's name.
        try h.waitFor("[demo]", timeout: 30)
        try h.keys("C-]", "d")
        let (status, screen) = try h.waitForExit()
        XCTAssertEqual(status, 0, screen)
        XCTAssertTrue(screen.contains("Reattach with scripts/demo"), screen)
        let hosts = try String(contentsOfFile: demo + "/home/hosts.json", encoding: .utf8)
        XCTAssertTrue(hosts.contains("\"demo\""), hosts)
    }
}
