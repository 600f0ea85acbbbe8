import Foundation
import XCTest
import TestSupport

/// Issue 30's contrived login, end to end: a program reads a user name (echoed), then turns
/// echo off and reads a password, with no new line and no text in between, so nothing on the
/// screen tells Drover the echo changed. Through the link shaper at 200 ms with
/// `--predict always`, the pane, captured every 20 ms, never shows a character of the password
/// (ADR 0015: a key typed while no key waits for its echo starts an epoch of its own).
final class AttachPredictionLoginTests: XCTestCase {
    private var harness: AttachHarness!
    private var shaper: LinkShaper?
    private let prompt = "slow>"
    private let password = "qzjxzq"   // letters no other text on this screen has

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 80, height: 20)
    }

    override func tearDown() {
        shaper?.tearDown()
        harness?.tearDown()
    }

    func testTheContrivedLoginNeverShowsAPasswordCharacter() throws {
        let link = try LinkShaper(target: harness.sshd.port, delayMilliseconds: 100)
        shaper = link
        let ready = harness.scratch.file("login-ready"), quiet = harness.scratch.file("login-quiet")
        let rc = harness.scratch.file("bin/login-rc")
        try """
            PS1='slow> '
            PROMPT_COMMAND=
            login() { : > \(ready); read -r -n 4 name; stty -echo; : > \(quiet); read -r pw; stty echo; echo; echo "name $name read ${#pw} secret bytes"; }

            """.write(toFile: rc, atomically: true, encoding: .utf8)
        try harness.registerHost(port: link.port, command: "exec /bin/bash --noprofile --rcfile \(rc) -i")
        try harness.attachTrusting(until: prompt, options: "--predict always")
        try harness.type("login\n")
        try harness.waitFor("drawing typed keys before the host echoes them (RTT")
        try waitForFile(ready)
        try harness.type("user")
        try harness.waitUntil("the host's echo of the name") { self.rows($0).last == "user" }
        try waitForFile(quiet)

        var captures: [String] = []
        for key in password {
            try harness.type(String(key))
            for _ in 0..<5 { captures.append(try harness.screen()); usleep(20_000) }
        }
        try harness.type("\n")
        // Captured every 20 ms until the login says it read the password (at most 20 s).
        var done = false
        for _ in 0..<1000 where !done {
            let screen = try harness.screen()
            captures.append(screen)
            done = screen.contains("read \(password.count) secret bytes")
            if !done { usleep(20_000) }
        }
        XCTAssertTrue(done, "the login never said it read the password")
        for screen in captures {
            let shown = Set(screen).intersection(password)
            XCTAssertTrue(shown.isEmpty, "password characters \(shown.sorted()) were drawn:\n\(screen)")
        }
        XCTAssertTrue(rows(captures.last ?? "").contains("name user read \(password.count) secret bytes"))
    }

    // MARK: - Helpers

    /// Waits for the host-side login function to create `path` (its own event: the file).
    private func waitForFile(_ path: String) throws {
        for _ in 0..<500 where !FileManager.default.fileExists(atPath: path) { usleep(20_000) }
        guard FileManager.default.fileExists(atPath: path) else {
            throw TestSupportError("the login function never created \(path)")
        }
    }

    /// The pane's rows up to the last one with text, trailing blanks and the status banner dropped.
    private func rows(_ screen: String) -> [String] {
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
        while let last = lines.last, last.isEmpty || last.contains("e2e:") { lines.removeLast() }
        return lines
    }
}
