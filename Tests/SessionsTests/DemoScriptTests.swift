import Foundation
import TestSupport
import XCTest

/// The README's first command: `scripts/demo` on a machine that never ran it registers the demo
/// host, attaches after `yes`, detaches with `ctrl+] d` and exits 0. (A field rule once made its
/// `hosts add` fail on a fresh machine while older registries still worked.) A second run
/// reattaches without asking, and `--stop` ends only this demo directory's tmux server.
final class DemoScriptTests: XCTestCase {
    func testTheDemoRunsOnAFreshMachineAndDetaches() throws {
        let h = try AttachHarness()
        let demo = h.scratch.file("demo")
        defer {
            _ = try? Shell.execute("/bin/bash", [AttachHarness.script("demo"), "--stop"],
                                   environment: ["DROVER_DEMO_DIR": demo])
            h.tearDown()
        }
        try h.startOuterTerminal(width: 110, height: 32)
        let run = "DROVER_DEMO_DIR=\(demo) DROVER_DEMO_NO_BUILD=1 bash \(AttachHarness.script("demo")); echo EXIT=$?\n"
        try h.type(run)
        let question = try h.waitFor("Type 'yes' to trust", timeout: 60)
        try h.type("yes\n")
        // The stand-in's tmux status line shows the herdr session's name.
        try h.waitFor("[demo]", timeout: 30)
        try h.keys("C-]", "d")
        let (status, screen) = try h.waitForExit()
        XCTAssertEqual(status, 0, screen)
        XCTAssertTrue(screen.contains("Reattach with scripts/demo"), screen)
        // Issue 32: the fingerprint the demo prints is the one Drover's question shows, and the
        // file the question says to compare with holds the key the demo host serves. Both
        // fingerprints are on the pane while the question is asked: the presented one and the
        // key file's as read on this computer (the demo host is this computer).
        let asking = Self.flattened(question)
        let asked = try XCTUnwrap(Self.fingerprint(after: "host key fingerprint is ", in: asking), asking)
        let besideIt = try XCTUnwrap(Self.fingerprint(after: "This computer's copy of /etc/ssh/ssh_host_ed25519_key.pub holds ",
                                                      in: asking), asking)
        XCTAssertEqual(besideIt, asked)
        XCTAssertTrue(asking.contains("They match: the server holds that file's key."), asking)
        let printed = try XCTUnwrap(Self.fingerprint(after: "Its host key: ", in: screen), screen)
        XCTAssertEqual(printed, asked)
        XCTAssertTrue(screen.contains("ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub"), screen)
        let served = try Shell.run("/usr/bin/ssh-keygen", ["-lf", "/etc/ssh/ssh_host_ed25519_key.pub"])
        XCTAssertTrue(served.contains(asked), served)
        XCTAssertTrue(screen.contains("then type yes"), screen)
        let hosts = try String(contentsOfFile: demo + "/home/hosts.json", encoding: .utf8)
        XCTAssertTrue(hosts.contains("\"demo\""), hosts)

        // The session runs on a tmux server of this demo directory's own.
        let match = try XCTUnwrap(hosts.range(of: #"HERDR_STANDIN_SOCKET=drover-demo-[0-9]+"#, options: .regularExpression), hosts)
        let socket = String(hosts[match].dropFirst("HERDR_STANDIN_SOCKET=".count))
        let hasSession = { try Shell.execute("/usr/bin/tmux", ["-L", socket, "has-session", "-t", "demo"]).status }
        XCTAssertEqual(try hasSession(), 0)

        // Reattaching: the key is pinned, so nothing is asked and no "type yes" is printed.
        try h.type("clear\n" + run)
        try h.waitFor("[demo]", timeout: 60)
        try h.keys("C-]", "d")
        let (again, second) = try h.waitForExit()
        XCTAssertEqual(again, 0, second)
        XCTAssertTrue(second.contains("Its host key: SHA256:"), second)
        XCTAssertFalse(second.contains("type yes"), second)

        let stop = try Shell.execute("/bin/bash", [AttachHarness.script("demo"), "--stop"], environment: ["DROVER_DEMO_DIR": demo])
        XCTAssertEqual(stop.status, 0, stop.stderr)
        XCTAssertNotEqual(try hasSession(), 0, "--stop left the demo's tmux session running")
    }

    /// The pane's words one space apart, box borders left out: a question's lines as one text.
    static func flattened(_ screen: String) -> String {
        screen.split(whereSeparator: { $0.isWhitespace || "│┌┐└┘─".contains($0) }).joined(separator: " ")
    }

    /// The `SHA256:…` right after `marker` in `text`.
    static func fingerprint(after marker: String, in text: String) -> String? {
        guard let start = text.range(of: marker) else { return nil }
        let rest = text[start.upperBound...]
        guard rest.hasPrefix("SHA256:") else { return nil }
        return String(rest.prefix { !$0.isWhitespace && !",.)│".contains($0) })
    }

    func testHelpSaysWhatTheDemoKeepsAndUnknownArgumentsAreRefused() throws {
        for flag in ["--help", "-h"] {
            let help = try Shell.execute("/bin/bash", [AttachHarness.script("demo"), flag])
            XCTAssertEqual(help.status, 0, help.stderr)
            for needle in ["usage: scripts/demo", "--stop", "DROVER_DEMO_DIR", "/tmp/drover-demo", "rm -rf"] {
                XCTAssertTrue(help.stdout.contains(needle), "\(flag) lacks \(needle):\n\(help.stdout)")
            }
        }
        let bad = try Shell.execute("/bin/bash", [AttachHarness.script("demo"), "--bogus"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("unknown argument '--bogus'"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("usage: scripts/demo"), bad.stderr)
    }
}
