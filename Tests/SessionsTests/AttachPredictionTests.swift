import Foundation
import XCTest
import TestSupport

/// Issue 15 end to end: the built `drover attach` in a tmux pane, reaching the real sshd
/// through the link shaper (`scripts/link-shaper`, 100 ms each way = 200 ms round trip), into
/// a real bash prompt and a real `cat`. With `--predict auto` guesses turn on from the
/// measured round trip, typed keys show before the host's echo (underlined, as guesses), the
/// final screen is the host's own with no guess left behind, a password typed at a prompt
/// that does not echo never appears, and on a quick link no guess is drawn at all.
///
/// "Before the echo" is shown without clocks: a character drawn underlined is a guess (the
/// host's own cells are never underlined here), so it is on screen before its confirmation.
/// Keys are typed as a person types them, about 25 a second, so later keys are in flight
/// behind the first: the first key of such a run waits for the host's echo (ADR 0015: the
/// host's echo is proven per run of keys), the ones behind it are drawn once it is echoed.
final class AttachPredictionTests: XCTestCase {
    private var harness: AttachHarness!
    private var shaper: LinkShaper?
    private let prompt = "slow>"

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 80, height: 20)
    }

    override func tearDown() {
        shaper?.tearDown()
        harness?.tearDown()
    }

    func testShellPromptOnA200msLinkShowsGuessesAndEndsOnTheHostsScreen() throws {
        try attachThroughShaper(roundTripMilliseconds: 200)
        // The first key of an epoch waits for the host: it is never drawn as a guess. Its
        // confirmation is the round-trip sample that turns `auto` on.
        try harness.type("e")
        try harness.waitFor("\(prompt) e")
        XCTAssertEqual(try underlined(), "", "the first key after a prompt is not guessed")
        let banner = try harness.waitFor("drawing typed keys before the host echoes them (RTT")
        XCTAssertTrue(banner.contains("e2e:"), banner)
        let drawn = try typeSteadily("cho hi", line: "\(prompt) e")
        XCTAssertFalse(drawn.contains("c"), "the first key of a run waits for the host's echo")
        XCTAssertFalse(drawn.isEmpty, "keys typed behind it were drawn as guesses before their echo")
        try harness.type("\n")
        try harness.waitUntil("the host's output and the next prompt") { screen in
            self.rows(screen).count >= 3
        }
        let screen = try harness.waitUntil("no guess left") { _ in ((try? self.underlined()) ?? "x").isEmpty }
        XCTAssertEqual(Array(rows(screen).prefix(3)), ["\(prompt) echo hi", "hi", prompt], screen)
    }

    func testCatOnA200msLinkShowsGuessesAndEndsOnTheHostsScreen() throws {
        try attachThroughShaper(roundTripMilliseconds: 200)
        try harness.type("cat\n")
        try harness.waitUntil("cat running") { screen in self.rows(screen).first == "\(self.prompt) cat" }
        try harness.type("m")
        try harness.waitUntil("the host's echo of 'm'") { screen in self.rows(screen).dropFirst().first == "m" }
        XCTAssertEqual(try underlined(), "", "the first key after Enter is not guessed")
        try harness.waitFor("drawing typed keys before the host echoes them (RTT")
        let drawn = try typeSteadily("eow purr", line: "m")
        XCTAssertFalse(drawn.contains("e"), "the first key of a run waits for the host's echo")
        XCTAssertFalse(drawn.isEmpty, "keys typed behind it were drawn as guesses before their echo")
        try harness.type("\n")
        try harness.waitUntil("cat's copy of the line") { screen in self.rows(screen).count >= 3 }
        try harness.keys("C-d")
        try harness.waitUntil("the prompt after cat") { screen in self.rows(screen).count >= 4 }
        let screen = try harness.waitUntil("no guess left") { _ in ((try? self.underlined()) ?? "x").isEmpty }
        XCTAssertEqual(Array(rows(screen).prefix(4)), ["\(prompt) cat", "meow purr", "meow purr", prompt], screen)
    }

    func testAPasswordOnA200msLinkNeverAppears() throws {
        try attachThroughShaper(roundTripMilliseconds: 200)
        // A confirmed epoch first, so guesses are being drawn when the prompt comes.
        try harness.type("s")
        try harness.waitFor("\(prompt) s")
        try harness.waitFor("drawing typed keys before the host echoes them (RTT")
        XCTAssertFalse(try typeSteadily("ecret", line: "\(prompt) s").isEmpty, "guesses were on before the password prompt")
        try harness.type("\n")
        try harness.waitFor("Password:")
        let password = "hunter2"
        var seen: [String] = []
        for key in password {
            try harness.type(String(key))
            for _ in 0..<3 { seen.append(try harness.screen()); seen.append(try underlined()) }
        }
        try harness.type("\n")
        seen.append(try harness.waitFor("read 7 secret bytes"))
        for text in seen {
            XCTAssertFalse(text.contains("Password: h"), "a typed password character was drawn:\n\(text)")
            for key in Set(password) where text == String(key) { XCTFail("'\(key)' was drawn as a guess") }
            XCTAssertFalse(text.contains(password), text)
        }
    }

    /// The issue's own case: sudo's password prompt, as a user whose sudo asks for a password
    /// (root's never does), through the 200 ms link with guesses on.
    func testASudoPasswordOnA200msLinkNeverAppears() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sudo") else {
            throw XCTSkip("sudo is not installed; scripts/bootstrap installs it")
        }
        let account = try ThrowawayAccount(sshd: harness.sshd)
        let sudoers = "/etc/sudoers.d/\(account.name)"
        defer {
            try? FileManager.default.removeItem(atPath: sudoers)
            account.remove()
        }
        let password = "hunter2"
        let hash = try Shell.run("/usr/bin/openssl", ["passwd", "-6", password]).trimmingCharacters(in: .whitespacesAndNewlines)
        try Shell.run("/usr/sbin/usermod", ["-p", hash, account.name])
        try "\(account.name) ALL=(ALL) ALL\n".write(toFile: sudoers, atomically: true, encoding: .utf8)
        chmod(sudoers, 0o440)
        try attachThroughShaper(roundTripMilliseconds: 200)
        // `su NAME` without -c keeps the terminal (sudo needs it); its bash reads ~/.bashrc.
        try String(contentsOfFile: harness.scratch.file("bin/slow-rc"), encoding: .utf8)
            .write(toFile: account.home + "/.bashrc", atomically: true, encoding: .utf8)
        try harness.type("su \(account.name)\n")
        try harness.waitUntil("the account's prompt") { screen in
            let rows = self.rows(screen)
            return rows.count >= 2 && rows.last == self.prompt && rows[rows.count - 2].hasSuffix("su \(account.name)")
        }
        // A confirmed epoch first, so guesses are being drawn when sudo asks.
        try harness.type("s")
        try harness.waitUntil("the host's echo of 's'") { screen in self.rows(screen).last == "\(self.prompt) s" }
        try harness.waitFor("drawing typed keys before the host echoes them (RTT")
        XCTAssertFalse(try typeSteadily("udo", line: "\(prompt) s").isEmpty, "guesses were on before sudo's prompt")
        try harness.type(" -k true; echo sudo said $?\n")
        try harness.waitFor("password for \(account.name):")
        var seen: [String] = []
        for key in password {
            try harness.type(String(key))
            for _ in 0..<3 { seen.append(try harness.screen()); seen.append(try underlined()) }
        }
        try harness.type("\n")
        seen.append(try harness.waitFor("sudo said 0"))
        for text in seen {
            XCTAssertFalse(text.contains("\(account.name): h"), "a typed password character was drawn:\n\(text)")
            for key in Set(password) where text == String(key) { XCTFail("'\(key)' was drawn as a guess") }
            XCTAssertFalse(text.contains(password), text)
        }
    }

    func testAutoDrawsNoGuessOnAQuickLink() throws {
        try attachThroughShaper(roundTripMilliseconds: 0)
        var underlinedSeen = ""
        try harness.type("q")
        try harness.waitFor("\(prompt) q")
        for key in "uick" {
            try harness.type(String(key))
            for _ in 0..<2 { underlinedSeen += try underlined() }
        }
        let screen = try harness.waitFor("\(prompt) quick")
        underlinedSeen += try underlined()
        XCTAssertEqual(underlinedSeen, "", "auto draws no guess when the round trip is under 20 ms")
        XCTAssertFalse(screen.contains("drawing typed keys"), screen)
    }

    // MARK: - Helpers

    /// A link shaper with `roundTripMilliseconds` in front of the test sshd, host `e2e` on it
    /// running bash with the prompt `slow> ` and a `secret` function that reads a password
    /// without echo (as sudo does) and says how many bytes it read; attaches with `auto`.
    private func attachThroughShaper(roundTripMilliseconds: Int) throws {
        let link = try LinkShaper(target: harness.sshd.port, delayMilliseconds: roundTripMilliseconds / 2)
        shaper = link
        let rc = harness.scratch.file("bin/slow-rc")
        try """
            PS1='slow> '
            PROMPT_COMMAND=
            secret() { read -r -s -p 'Password: ' pw; echo; echo "read ${#pw} secret bytes"; }

            """.write(toFile: rc, atomically: true, encoding: .utf8)
        try harness.registerHost(port: link.port, command: "exec /bin/bash --noprofile --rcfile \(rc) -i")
        try harness.attachTrusting(until: prompt, options: "--predict auto")
    }

    /// Types `keys` after `line` (the row's text so far) as a person types, one key every
    /// 40 ms (the rhythm is the input, not a wait: a key typed after its predecessor's echo
    /// would start a run of its own), watching the pane's underlined characters until the row
    /// shows every key and no guess is left; returns the keys seen drawn as guesses.
    private func typeSteadily(_ keys: String, line: String) throws -> Set<Character> {
        var drawn = Set<Character>()
        for key in keys {
            try harness.type(String(key))
            drawn.formUnion(try underlined())
            usleep(40_000)
        }
        try harness.waitUntil("the host's echo of '\(keys)'") { screen in
            let shown = (try? self.underlined()) ?? "x"
            drawn.formUnion(shown)
            return shown.isEmpty && screen.contains(line + keys)
        }
        return drawn
    }

    /// The pane's rows up to the last one with text, trailing blanks dropped.
    private func rows(_ screen: String) -> [String] {
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        // The bottom row is Drover's status banner while one shows.
        if let last = lines.last, last.contains("e2e:") { lines.removeLast() }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines
    }

    /// The characters the outer pane shows underlined (tmux's capture with attributes), above
    /// the bottom row, where Drover's status banner (styled text of its own) may show.
    private func underlined() throws -> String {
        let capture = try harness.tmux(["capture-pane", "-p", "-e", "-t", "outer", "-S", "0", "-E", "18"])
        var result = "", on = false
        var index = capture.startIndex
        while index < capture.endIndex {
            let character = capture[index]
            if character == "\u{1B}", let end = capture[index...].firstIndex(of: "m") {
                let body = capture[capture.index(index, offsetBy: min(2, capture.distance(from: index, to: end)))..<end]
                let parameters = body.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                if parameters.contains("4") { on = true }
                if parameters.contains("24") || parameters == ["0"] || parameters == [""] { on = false }
                index = capture.index(after: end)
                continue
            }
            if on && character != "\n" && character != " " { result.append(character) }
            index = capture.index(after: index)
        }
        return result
    }
}
