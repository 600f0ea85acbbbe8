import Foundation
import Files
import Hosts
import Identity
import Pairing
import TestSupport
import XCTest
import LibC

/// Issue 6's first acceptance point, end to end with both sides the built `drover` on a real
/// sshd: `pair-host` runs as a throwaway account (so the code's user is that account and its
/// ~/.ssh/authorized_keys is what the sshd reads), `pair` runs in a tmux pane (so it has a
/// terminal), and after the approval the device lands attached to the account's herdr
/// stand-in (a tmux session), reached by the unchanged default attach command.
final class PairingAttachEndToEndTests: XCTestCase {
    private var sshd: TestSSHD!
    private var account: ThrowawayAccount!
    private var scratch: TemporaryDirectory!
    private var host: DroverChild?
    private var pane: TerminalPane?
    private var hostPane: TerminalPane?
    private var clientHome: String { scratch.file("client-home") }
    private var stateDirectory: String { account.home + "/pairing-state" }
    private let existingLine = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOtherKeyOtherKeyOtherKeyOtherKeyOtherKe1 existing@line"

    override func setUpWithError() throws {
        signal(SIGPIPE, SIG_IGN)
        sshd = try TestSSHD()
        scratch = try TemporaryDirectory(prefix: "drover-pair-attach")
        account = try ThrowawayAccount(sshd: sshd, profile: """
            HERDR_STANDIN_LOG="$HOME/herdr-argv.log"
            export HERDR_STANDIN_LOG

            """)
        try account.authorize(existingLine)
        let version = try account.execute(DroverBinary.path, ["--version"])
        XCTAssertEqual(version.status, 0, "the account must be able to run \(DroverBinary.path) (the one-time key's forced "
                       + "command); check the permissions of its directories: \(version.stderr)")
    }

    override func tearDown() {
        pane?.kill()
        hostPane?.kill()
        host = nil
        account?.remove()
        sshd?.tearDown()
        scratch?.remove()
    }

    /// The `drover pair-host` command line, run as the account.
    private func hostCommand(session: String, addresses: [String], link: Bool) -> (executable: String, arguments: [String]) {
        account.commandLine(
            DroverBinary.path,
            ["pair-host", "--session", session, "--port", String(sshd.port),
             "--test-authorized-keys", sshd.authorizedKeysPath(for: account.name), "--test-state", stateDirectory]
                + (link ? ["--link"] : []) + addresses.flatMap { ["--host", $0] } + ["--not-for-herdr-app"],
            environment: ["DROVER_PAIR_TEST": "1", "DROVER_HOME": account.home + "/.drover"])
    }

    /// Starts `drover pair-host --link` as the account; returns the link it prints.
    private func startHost(session: String, addresses: [String]) throws -> String {
        let line = hostCommand(session: session, addresses: addresses, link: true)
        let child = try DroverChild(executable: line.executable, line.arguments, environment: ProcessInfo.processInfo.environment)
        host = child
        guard let text = child.output.wait(for: "Waiting for a device"),
              let link = text.split(separator: "\n").first(where: { $0.hasPrefix("herdr://pair?") }) else {
            throw TestSupportError("pair-host did not offer a code: \(child.output.text)")
        }
        return String(link)
    }

    func testApprovedPairingLandsAttachedToTheHerdrSessionAndSavesHostPinAndKey() throws {
        // 127.0.0.2 refuses (the sshd listens on 127.0.0.1 only): the device must save the address that answered.
        // Loopback addresses are outside the herdr app's rules, so both sides take --not-for-herdr-app.
        let link = try startHost(session: "work", addresses: ["127.0.0.2", "127.0.0.1"])
        XCTAssertEqual(try PairingLink.parse(link, now: Date(), hosts: .beyondTailnet).user, account.name)
        XCTAssertTrue(account.authorizedKeyLines().contains { $0.contains(" herdr-pair:") }, "the one-time line is offered")

        let client = try TerminalPane("/usr/bin/env", ["DROVER_HOME=\(clientHome)", DroverBinary.path,
                                                       "pair", link, "--yes", "--name", "test-laptop",
                                                       "--not-for-herdr-app"])
        pane = client
        let host = try XCTUnwrap(host)
        XCTAssertNotNil(host.output.wait(for: "Pairing request from 'test-laptop'"), host.output.text)
        XCTAssertNotNil(host.output.wait(for: "Approve this device? [y/N] "), host.output.text)
        host.send("y\n")
        let hostResult = host.finish()
        XCTAssertEqual(hostResult.status, 0, hostResult.output)

        try assertLandedAttachedAndPairedByTheCodeOnly(client)
    }

    /// Issue 16's acceptance: `pair-host` draws its code in a terminal, a picture of those
    /// cells goes to `drover pair --scan`, and the rest is the pasted link's path.
    func testScannedPictureOfTheDrawnCodeEnrollsAndLandsAttached() throws {
        let line = hostCommand(session: "work", addresses: ["127.0.0.2", "127.0.0.1"], link: false)
        let computer = try TerminalPane(line.executable, line.arguments, columns: 100, rows: 50)
        hostPane = computer
        let offered = computer.waitForText("Waiting for a device")
        XCTAssertTrue(offered.found, "pair-host did not show a code:\n\(offered.screen)")
        XCTAssertFalse(offered.screen.contains("herdr://"), "without --link the link is not shown")
        let rows = TerminalCellsPicture.codeRows(in: offered.screen)
        let picture = scratch.file("code.png")
        try PictureFiles.png(TerminalCellsPicture.image(of: rows)).write(to: URL(fileURLWithPath: picture))

        let client = try TerminalPane("/usr/bin/env", ["DROVER_HOME=\(clientHome)", DroverBinary.path,
                                                       "pair", "--scan", picture, "--yes", "--name", "test-laptop",
                                                       "--not-for-herdr-app"])
        pane = client
        let review = client.waitForText("Waiting for approval")
        XCTAssertTrue(review.screen.contains("account    \(account.name)"), review.screen)
        XCTAssertFalse(review.screen.contains("herdr://"), "the decoded link is never shown:\n\(review.screen)")
        let asked = computer.waitForText("Approve this device? [y/N]")
        XCTAssertTrue(asked.found && asked.screen.contains("Pairing request from 'test-laptop'"), asked.screen)
        try computer.type("y")
        try computer.press("Enter")
        XCTAssertEqual(computer.waitForExit(), 0, computer.screen())

        try assertLandedAttachedAndPairedByTheCodeOnly(client)
    }

    /// The device is attached to the stand-in's session `work`, detaches, and saved the host,
    /// the pin of the code's fingerprint and its key on the account, with the one-time key gone.
    private func assertLandedAttachedAndPairedByTheCodeOnly(_ client: TerminalPane) throws {
        // Attached: the stand-in's tmux status line names the session, and a typed command runs there.
        let attached = client.waitForText("[work]")
        XCTAssertTrue(attached.found, "the device did not land in the stand-in's session:\n\(attached.screen)")
        try client.type("echo paired-$((40+2)); ps -o args= -p $PPID")
        try client.press("Enter")
        let echoed = client.waitForText("paired-42")
        XCTAssertTrue(echoed.found, "the typed command did not run in the attached session:\n\(echoed.screen)")
        let parent = client.waitForText("tmux -L herdr-standin -f /dev/null new-session -d -s work")
        XCTAssertTrue(parent.found, "the shell there is not the stand-in's tmux session:\n\(parent.screen)")
        XCTAssertEqual(account.readFile("herdr-argv.log"), "herdr 'session' 'attach' 'work'\n")

        try client.press("C-]", "d")
        let status = client.waitForExit()
        XCTAssertEqual(status, 0, client.screen())
        let after = client.screen()
        XCTAssertTrue(after.contains("Paired with "), after)
        XCTAssertTrue(after.contains("Detached from "), after)

        let hosts = try HostStore(root: DroverRoot(path: clientHome)).load().hosts
        XCTAssertEqual(hosts.count, 1)
        XCTAssertEqual(hosts.first?.hostname, "127.0.0.1")
        XCTAssertEqual(hosts.first?.port, sshd.port)
        XCTAssertEqual(hosts.first?.user, account.name)
        XCTAssertEqual(hosts.first?.session, "work")
        let pins = try KnownHosts(root: DroverRoot(path: clientHome)).pins(host: "127.0.0.1", port: sshd.port)
        XCTAssertEqual(pins.map(\.fingerprint), [try sshd.hostKeyFingerprint()])

        let lines = account.authorizedKeyLines()
        XCTAssertFalse(lines.contains { $0.contains("herdr-pair:") }, lines.joined(separator: "\n"))
        XCTAssertEqual(lines.first, existingLine)
        let device = try XCTUnwrap(DeviceKey.load(root: DroverRoot(path: clientHome))).keyPair.publicKeyBlob.base64EncodedString()
        XCTAssertTrue(lines.contains { $0.hasPrefix("ssh-ed25519 \(device) drover:test-laptop:") }, lines.joined(separator: "\n"))
        let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: stateDirectory)) ?? []).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [])
    }
}
