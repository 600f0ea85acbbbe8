import Foundation
import XCTest
import TestSupport
import LibC

/// The world of an end-to-end `drover attach` test: a real sshd (the host) that authorizes a
/// fresh device key, a registry entry `e2e` whose attach command is chosen by the test, and a
/// detached tmux pane on a private tmux server (the person's terminal) running a plain `sh`.
///
/// The built `drover` runs inside that pane through a wrapper that writes its PID to a file and
/// prints `EXIT=<status>` when it ends. Assertions read the pane with `capture-pane` and its
/// terminal modes with `display -p`. `tearDown()` kills both tmux servers and sshd.
final class AttachHarness {
    let sshd: TestSSHD
    let scratch: TemporaryDirectory
    /// The outer terminal's tmux server (`tmux -L`).
    let outerSocket: String
    /// The herdr stand-in's tmux server on the "host" (`HERDR_STANDIN_SOCKET`).
    let standinSocket: String
    let session = "e2e"

    var home: String { scratch.file("home") }
    var pidFile: String { scratch.file("drover.pid") }

    /// The repository root, found from this file's path.
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static func script(_ name: String) -> String { repoRoot.appendingPathComponent("scripts/\(name)").path }

    /// The stand-in's attach command, as the demo registers it: a login shell that finds `herdr`
    /// on PATH, on this harness's own stand-in tmux server. The session's shell is a plain `sh`
    /// with the prompt `inner$ ` (`innerShell`): an interactive bash would run the host's
    /// ~/.bashrc, and killing it there at tear-down can leave that file's tools in a bad state
    /// (a stale pyenv lock makes every later login shell wait a minute).
    var standinCommand: String { standinCommand(session: session) }

    /// The stand-in's attach command for the stand-in session `session` (several hosts of one
    /// test can each have their own session on the same stand-in server).
    func standinCommand(session: String) -> String {
        "exec \"$SHELL\" -lc 'PATH=\(scratch.file("bin")):$PATH HERDR_STANDIN_SOCKET=\(standinSocket) "
            + "SHELL=\(innerShell) herdr session attach \(session)'"
    }
    var innerShell: String { scratch.file("bin/inner-shell") }
    /// `await-resize ROWS COLS`: says "awaiting resize", then prints the terminal size after each
    /// SIGWINCH until it is ROWS x COLS, so a test can wait for the resize to reach the host.
    var awaitResize: String { scratch.file("bin/await-resize") }

    /// The hex-echo fixture run by the system python (not a version manager's shim).
    static func fixture(_ modes: [String]) -> String {
        "/usr/bin/python3 \(script("input-hex-echo")) \(modes.joined(separator: " "))"
    }

    /// A host command that runs the hex-echo fixture directly with `modes` (e.g. `1000h`).
    static func fixtureCommand(_ modes: [String]) -> String {
        "exec " + fixture(modes)
    }

    /// `extraHostKeyTypes`: more host keys the sshd serves beside its Ed25519 key;
    /// `sshdConfig`: sshd_config lines that override the test sshd's defaults.
    init(extraHostKeyTypes: [String] = [], sshdConfig: [String] = []) throws {
        let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        outerSocket = "drover-e2e-\(tag)"
        standinSocket = "herdr-standin-e2e-\(tag)"
        sshd = try TestSSHD(extraConfig: sshdConfig, extraHostKeyTypes: extraHostKeyTypes)
        scratch = try TemporaryDirectory(prefix: "drover-e2e")
        chmod(scratch.path, 0o755)
        try Shell.run(Self.script("herdr-standin"), ["install", scratch.file("bin")])
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try installHostHelpers()
        try drover(["key"])
        try sshd.authorize(String(contentsOfFile: home + "/device_ed25519.pub", encoding: .utf8))
    }

    /// Writes the stand-in session's shell and `await-resize` into the host's bin directory.
    private func installHostHelpers() throws {
        try "#!/bin/sh\nPS1='inner$ ' exec /bin/sh\n".write(toFile: innerShell, atomically: true, encoding: .utf8)
        chmod(innerShell, 0o755)
        try """
            #!/usr/bin/python3
            import os, signal, sys
            want = (int(sys.argv[1]), int(sys.argv[2]))
            signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGWINCH])
            print("awaiting resize", flush=True)
            while True:
                signal.sigwait([signal.SIGWINCH])
                size = os.get_terminal_size(0)
                print("resized to", size.lines, size.columns, flush=True)
                if (size.lines, size.columns) == want:
                    break

            """.write(toFile: awaitResize, atomically: true, encoding: .utf8)
        chmod(awaitResize, 0o755)
    }

    func tearDown() {
        for socket in [outerSocket, standinSocket] {
            // tmux leaves its socket file behind after kill-server: remove it too.
            let path = try? Shell.run("/usr/bin/tmux", ["-L", socket, "display", "-p", "#{socket_path}"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try? Shell.execute("/usr/bin/tmux", ["-L", socket, "kill-server"])
            if let path, !path.isEmpty { unlink(path) }
        }
        sshd.tearDown()
        scratch.remove()
    }

    /// Runs the built drover with this harness's DROVER_HOME; throws unless it exits 0.
    @discardableResult
    func drover(_ arguments: [String]) throws -> String {
        let result = try DroverBinary.run(arguments, home: home)
        guard result.status == 0 else {
            throw TestSupportError("drover \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return result.stdout
    }

    /// Registers the host `e2e` on the test sshd with `command` as its attach command (which
    /// names the session itself: a host has a session or a command, not both).
    /// (`port`: another test sshd for a second host.)
    func registerHost(named name: String = "e2e", port: Int? = nil, command: String) throws {
        try drover(["hosts", "add", name, "--host", "127.0.0.1", "--port", String(port ?? sshd.port),
                    "--user", TestSSHD.currentUser, "--command", command])
    }

    // MARK: - The outer terminal

    @discardableResult
    func tmux(_ arguments: [String], socket: String? = nil) throws -> String {
        try Shell.run("/usr/bin/tmux", ["-L", socket ?? outerSocket] + arguments)
    }

    /// Starts the outer pane (`width` x `height`, a plain sh) and waits for its prompt.
    func startOuterTerminal(width: Int = 100, height: Int = 30) throws {
        let bin = URL(fileURLWithPath: DroverBinary.path).deletingLastPathComponent().path
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "outer", "-x", String(width), "-y", String(height),
                  "env PS1='outer$ ' DROVER_HOME=\(home) PATH=\(bin):$PATH /bin/sh"])
        try waitFor("outer$")
    }

    /// Types `drover attach e2e` in the outer shell through a PID-recording wrapper;
    /// `environment` (e.g. `LANG=C.UTF-8`) is set for drover alone.
    func startAttach(environment: String = "", hosts: [String] = ["e2e"], options: String = "") throws {
        let env = environment.isEmpty ? "" : "env \(environment) "
        let arguments = (hosts + (options.isEmpty ? [] : [options])).joined(separator: " ")
        try type("\(env)sh -c 'echo $$ > \(pidFile); exec drover attach \(arguments)'; echo EXIT=$?\n")
    }

    /// Attaches and answers the trust overlay with `yes`; waits for `ready` on screen.
    func attachTrusting(until ready: String, environment: String = "", options: String = "") throws {
        try startAttach(environment: environment, options: options)
        try waitFor("Type 'yes' to trust")
        try type("yes\n")
        try waitFor(ready)
    }

    /// Sends `text` literally to the outer pane (a newline becomes Enter).
    func type(_ text: String) throws {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { try tmux(["send-keys", "-t", "outer", "Enter"]) }
            if !line.isEmpty { try tmux(["send-keys", "-t", "outer", "-l", String(line)]) }
        }
    }

    /// Sends tmux key names (`C-]`, `d`, `Escape`) to the outer pane.
    func keys(_ names: String...) throws {
        try tmux(["send-keys", "-t", "outer"] + names)
    }

    /// Sends raw bytes to the outer pane, as a terminal would write them to Drover's stdin.
    func sendBytes(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", "outer", "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// The outer pane's text, wrapped lines joined unless `joined` is false (one line per row).
    func screen(joined: Bool = true) throws -> String {
        try tmux(["capture-pane", "-p"] + (joined ? ["-J"] : []) + ["-t", "outer"])
    }

    /// The outer pane's terminal mode flags, by tmux format name.
    func modes() throws -> [String: String] {
        let names = ["alternate_on", "cursor_flag", "keypad_cursor_flag", "keypad_flag", "mouse_standard_flag",
                     "mouse_button_flag", "mouse_any_flag", "mouse_sgr_flag", "mouse_utf8_flag", "insert_flag",
                     "origin_flag", "wrap_flag", "scroll_region_upper", "scroll_region_lower"]
        let values = try tmux(["display", "-p", "-t", "outer", names.map { "#{\($0)}" }.joined(separator: " ")])
            .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return Dictionary(uniqueKeysWithValues: zip(names, values))
    }

    /// Drover's PID, from the wrapper's file.
    func droverPID() throws -> pid_t {
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text) else { throw TestSupportError("no PID in \(pidFile): '\(text)'") }
        return pid
    }

    /// Asserts the outer shell gets a paste without brackets: tmux's `paste-buffer -p` adds
    /// them only while the pane has asked for bracketed paste (tmux has no format for it).
    func assertBracketedPasteIsOff(file: StaticString = #filePath, line: UInt = #line) throws {
        try tmux(["set-buffer", "-b", "probe", "zzprobe"])
        try tmux(["paste-buffer", "-p", "-d", "-b", "probe", "-t", "outer"])
        try keys("Enter")
        let text = try waitFor("zzprobe: not found")
        XCTAssertFalse(text.contains("200~"), "bracketed paste is still on in the outer terminal:\n\(text)", file: file, line: line)
    }

    // MARK: - Waiting

    /// Polls the pane until `condition` holds for its text (there is no event to wait on: the
    /// screen is tmux's state). Fails with the last screen after `timeout` seconds.
    @discardableResult
    func waitUntil(_ what: String, timeout: TimeInterval = 15, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var text = ""
        while Date() < deadline {
            text = try screen()
            if condition(text) { return text }
            usleep(30_000)
        }
        throw TestSupportError("timed out waiting for \(what); the outer pane shows:\n\(text)")
    }

    /// Waits for `needle` on the screen, also where a status line wrapped it (`unwrapped`).
    @discardableResult
    func waitFor(_ needle: String, timeout: TimeInterval = 15) throws -> String {
        try waitUntil("'\(needle)'", timeout: timeout) { $0.contains(needle) || Self.unwrapped($0).contains(needle) }
    }

    /// The host list's last line. A capture can catch a frame half drawn: once this line shows,
    /// the rows above it are drawn too, and only then does its going away mean the list closed.
    static let hostListEnd = "arrows + Enter: switch   Esc: cancel"
    /// The host list's first and last rows: a box that moves (a row grew while it was open) is
    /// drawn again top to bottom, so a capture may lack one of them, never both, while it shows.
    static let hostListRows = ["┌─hosts", hostListEnd]

    /// Opens the host list (`C-]` then `h`) and waits until it is drawn whole and `condition`
    /// holds (a row may change after the list opens: a host's state, a forward's count).
    @discardableResult
    func openHostList(until what: String = "the host list", _ condition: (String) -> Bool = { _ in true }) throws -> String {
        try keys("C-]", "h")
        return try waitUntil(what) { $0.contains(Self.hostListEnd) && condition($0) }
    }

    /// Presses Escape on an overlay once all its `markers` show, and waits until all are gone.
    /// A key sent before Drover has taken the Escape alone joins it (Escape then `C-]` reads as
    /// alt+C-]), so the next key must wait for the overlay to close, not for a half-drawn one.
    func escape(closing markers: [String] = hostListRows) throws {
        let shown = { (text: String, marker: String) in text.contains(marker) || Self.unwrapped(text).contains(marker) }
        try waitUntil("\(markers) to show") { text in markers.allSatisfy { shown(text, $0) } }
        try keys("Escape")
        try waitUntil("\(markers) to go") { text in !markers.contains { shown(text, $0) } }
    }

    /// Waits for the `number`th `EXIT=<status>` line of the wrapper (one per attach run in this
    /// pane); returns that status and the screen.
    func waitForExit(number: Int = 1) throws -> (status: Int, screen: String) {
        let text = try waitUntil("EXIT= line \(number)") { Self.exitStatuses(in: $0).count >= number }
        return (Self.exitStatuses(in: text)[number - 1], text)
    }

    static func exitStatuses(in screen: String) -> [Int] {
        let regex = try! NSRegularExpression(pattern: #"EXIT=(\d+)"#)
        let ns = screen as NSString
        return regex.matches(in: screen, range: NSRange(location: 0, length: ns.length)).compactMap {
            Int(ns.substring(with: $0.range(at: 1)))
        }
    }

    /// The screen's rows joined by one space each (trailing blanks dropped): the status lines wrap
    /// at spaces, and how many notes share them (a prediction note when a busy machine makes the
    /// round trip long, the keyboard note) moves the breaks, so a phrase is looked for unwrapped.
    static func unwrapped(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// All bytes the hex-echo fixture reported (its `RX <hex>` lines), concatenated.
    static func receivedHex(in screen: String) -> String {
        screen.split(separator: "\n").compactMap { line -> Substring? in
            guard let r = line.range(of: "RX ") else { return nil }
            return line[r.upperBound...].prefix { $0.isHexDigit }
        }.joined()
    }
}
