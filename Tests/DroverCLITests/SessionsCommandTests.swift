import Files
import Foundation
import TestSupport
import XCTest
@testable import DroverCLI

/// `drover sessions` against a real sshd, for a host the registry does not know: the one-off
/// flags attach takes (-p, -l, -i, --identities-only, --auth) and an ~/.ssh/config name reach
/// it, the listing repeats them in its attach commands, and a host without herdr gets advice
/// that names what to do next.
final class SessionsCommandTests: XCTestCase {
    private var lab: LabAccountFixture!
    private var sshd: TestSSHD { lab.sshd }
    private var dir: TemporaryDirectory { lab.dir }
    private var account: ThrowawayAccount { lab.account }
    private var home: String { lab.home }
    private var key: String { lab.key }
    private var env: [String: String] { lab.env }

    override func setUpWithError() throws {
        lab = try LabAccountFixture(prefix: "drover-sessions")
    }

    override func tearDown() {
        lab?.remove()
    }

    func testOneOffFlagsReachAnUnregisteredHostAndItsAttachCommands() throws {
        let flags = ["-p", String(sshd.port), "-l", account.name, "-i", key, "--identities-only"]
        let first = CLIHarness(environment: env, input: ["yes"])
        XCTAssertEqual(first.run(["sessions", "127.0.0.1"] + flags), 0, first.err)
        let again = "127.0.0.1 -i \(key) -p \(sshd.port) -l \(account.name)"
        XCTAssertEqual(first.out, "127.0.0.1 has no herdr sessions yet; 'drover attach \(again) --identities-only' "
                       + "starts herdr's default one.\n")
        for name in ["default", "work"] {
            let made = try account.execute("/usr/bin/tmux", ["-L", "herdr-standin", "-f", "/dev/null", "new-session", "-d", "-s", name])
            XCTAssertEqual(made.status, 0, made.stderr)
        }
        let listed = CLIHarness(environment: env)
        // Every one-off flag is repeated, --identities-only and -A too, so each line works as written.
        XCTAssertEqual(listed.run(["sessions", "127.0.0.1", "--auth", "device-key", "-A"] + flags), 0, listed.err)
        XCTAssertEqual(listed.out, "127.0.0.1: 2 herdr sessions\n"
                       + "  default  running  drover attach \(again) --auth device-key --identities-only -A\n"
                       + "  work     running  drover attach \(again) --auth device-key --identities-only -A --session work\n")
        // An ~/.ssh/config Host, as attach resolves it.
        let viaConfig = CLIHarness(environment: env)
        XCTAssertEqual(viaConfig.run("sessions", "labalias"), 0, viaConfig.err)
        XCTAssertTrue(viaConfig.out.hasPrefix("labalias: 2 herdr sessions\n"), viaConfig.out)
    }

    func testAHostWithoutHerdrSaysToInstallItAndHowToAskAgain() throws {
        // The login shell's PATH without the stand-in: herdr is not there.
        try account.writeFile(".profile", "PATH=/usr/bin:/bin\nexport PATH\n")
        let h = CLIHarness(environment: env, input: ["yes"])
        XCTAssertEqual(h.run("sessions", "127.0.0.1", "-p", String(sshd.port), "-l", account.name, "-i", key), 1)
        XCTAssertEqual(h.out, "")
        XCTAssertTrue(h.err.contains("drover: herdr was not found on 127.0.0.1"), h.err)
        XCTAssertTrue(h.err.contains("Install herdr on that computer (or put it on the login shell's PATH), then run "
                                     + "'drover sessions 127.0.0.1 -i \(key) -p \(sshd.port) -l \(account.name)' again."), h.err)
    }

    /// sessions never tries a password, so a password-only --auth could never log in: refused
    /// before connecting, saying what to use instead.
    func testAPasswordOnlyAuthIsRefusedWithWhatToUse() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("sessions", "127.0.0.1", "-p", String(sshd.port), "--auth", "password"), 2)
        XCTAssertTrue(h.err.contains("sessions does not log in with a password; use --auth device-key or --auth agent "
                                     + "(run 'drover key install 127.0.0.1' first if the host takes only a password)"), h.err)
        XCTAssertFalse(sshd.log.contains("Accepted"), "nothing connected")
    }

    func testHelpSaysWhatIsListedFromWhereAndTheExitStatus() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("sessions", "--help"), 0)
        for part in ["'herdr session list --json'", "running or stopped", "'drover attach' command",
                     "Exit status: 0", "1 when the host could not be reached", "2 for a usage error",
                     "-J, --jump", "-i, --identity", "-p, --port", "-l, --login", "--auth", "-A, --forward-agent",
                     "--identities-only", "repeat -A in each listed 'drover attach' command (listing forwards no agent)"] {
            XCTAssertTrue(h.out.contains(part), "\(part) in:\n\(h.out)")
        }
    }
}
