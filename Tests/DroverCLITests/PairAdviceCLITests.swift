import Foundation
import TestSupport
import XCTest
@testable import DroverCLI

/// The advice `drover pair` and `drover pair-host` give works when followed: a suggested
/// command is complete, an option is offered only where it helps, and a link typed on the
/// command line is warned about.
final class PairAdviceCLITests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUpWithError() throws { home = try TemporaryDirectory(prefix: "drover-pair-advice") }
    override func tearDown() { home.remove() }

    /// A well-formed link naming `hosts`, valid for 5 more minutes.
    static func link(hosts: String) -> String {
        "herdr://pair?v=1&id=abcdefghijklmnopqrstuw&n=box&u=dev&os=unix&h=\(hosts)&p=22&fp=SHA256:"
            + String(repeating: "A", count: 43) + "&k=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8&x="
            + String(Int(Date().timeIntervalSince1970) + 300)
    }

    /// The refusal of a LAN code names the whole command to run, as the person ran it.
    func testTheRefusalOfALANCodeSuggestsTheCompleteCommand() {
        let pasted = CLIHarness(environment: ["DROVER_HOME": home.path], input: [Self.link(hosts: "192.168.1.20")])
        XCTAssertEqual(pasted.run("pair", "-", "--name", "my laptop", "--no-attach"), 1)
        XCTAssertTrue(pasted.err.hasSuffix("is for another computer; to pair with it, run: "
                                           + "drover pair --not-for-herdr-app --no-attach --name 'my laptop' -\n"), pasted.err)
        let typed = CLIHarness(environment: ["DROVER_HOME": home.path])
        XCTAssertEqual(typed.run("pair", Self.link(hosts: "192.168.1.20"), "--any-network"), 1)
        XCTAssertTrue(typed.err.hasSuffix("run: drover pair --not-for-herdr-app --any-network -\n"), typed.err)
        XCTAssertFalse(typed.err.contains("AAECAwQF"), typed.err)

        let scanned = ParsedArguments(options: ["scan": ["/tmp/my code.png"], "yes": []])
        XCTAssertEqual(PairRetryCommand.pairBeyondTailnet(scanned),
                       "drover pair --not-for-herdr-app --yes --scan '/tmp/my code.png'")
    }

    /// With --not-for-herdr-app a code naming a public address is read, but that address is
    /// never contacted (the help's "private LAN addresses"); --any-network is what reaches it.
    func testAPublicAddressIsNotContactedWithoutAnyNetwork() {
        let cli = CLIHarness(environment: ["DROVER_HOME": home.path], input: [Self.link(hosts: "8.8.8.8,203.0.113.9")])
        XCTAssertEqual(cli.run("pair", "-", "--not-for-herdr-app", "--yes", "--no-attach"), 1)
        XCTAssertFalse(cli.out.contains("Connecting to"), cli.out)
        XCTAssertTrue(cli.err.contains("  8.8.8.8: not tried: it is not a tailnet, loopback or private LAN address\n"
                                       + "  203.0.113.9: not tried: it is not a tailnet, loopback or private LAN address\n"), cli.err)
        XCTAssertTrue(cli.err.contains("or add --any-network if you really pair over another network"), cli.err)
    }

    /// A link on the command line still works, with a one-line warning; `-` gets none.
    func testALinkOnTheCommandLineIsWarnedAbout() {
        let typed = CLIHarness(environment: ["DROVER_HOME": home.path])
        XCTAssertEqual(typed.run("pair", Self.link(hosts: "pc_name")), 1)
        let lines = typed.err.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, typed.err)
        XCTAssertEqual(lines.first, "warning: a link on the command line can be seen by other users (ps) and stays in the shell "
                       + "history, and it carries the one-time key until it expires; next time run 'drover pair -' and "
                       + "paste the link")
        let pasted = CLIHarness(environment: ["DROVER_HOME": home.path], input: [Self.link(hosts: "pc_name")])
        XCTAssertEqual(pasted.run("pair", "-"), 1)
        XCTAssertFalse(pasted.err.contains("warning"), pasted.err)

        let help = CLIHarness()
        XCTAssertEqual(help.run("help", "pair"), 0)
        XCTAssertTrue(help.out.contains("pair - | pair --scan PICTURE | pair LINK"), help.out)
        XCTAssertTrue(help.out.contains("so Drover warns about it"), help.out)
    }

    /// pair-host: a host with a port is told the port goes in --port; a malformed host is not
    /// told to add an option that would not help.
    func testPairHostAdviceForAPortOrAMalformedHost() {
        let withPort = CLIHarness(environment: ["DROVER_HOME": "/nonexistent"])
        XCTAssertEqual(withPort.run("pair-host", "--host", "100.64.0.1:22"), 2)
        XCTAssertTrue(withPort.err.hasPrefix("drover: --host: '100.64.0.1:22' carries a port: give the address alone with "
                                             + "--host and the port with --port (--host 100.64.0.1 --port 22)"), withPort.err)
        for host in ["", "pc..ts.net", "pc_name", "0x7f000001", "[fd7a:115c:a1e0::1]", "8.8.8.8"] {
            let cli = CLIHarness(environment: ["DROVER_HOME": "/nonexistent"])
            XCTAssertEqual(cli.run("pair-host", "--host", host), 2)
            XCTAssertFalse(cli.err.contains("not-for-herdr-app"), cli.err)
        }
    }
}
