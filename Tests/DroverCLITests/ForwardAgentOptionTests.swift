import Files
import Foundation
import Identity
import TestSupport
import XCTest
@testable import DroverCLI

/// `--forward-agent` on `hosts add/edit` and `attach`, and what `doctor` says about it (the
/// forwarding itself is tested end to end in SessionsTests.AttachAgentForwardingTests).
final class ForwardAgentOptionTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser, "HOME": dir.file("home")] }
    private var hostsFile: String { dir.file("drover") + "/hosts.json" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-agentopts") }
    override func tearDown() { dir.remove() }

    func testTheHostsSettingIsStoredShownAndDropped() throws {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "10.0.0.5"), 0, h.err)
        XCTAssertFalse(try String(contentsOfFile: hostsFile, encoding: .utf8).contains("forwardAgent"), "off is not stored")
        XCTAssertEqual(h.run("hosts", "show", "mac"), 0)
        XCTAssertFalse(h.out.contains("forward-agent"), "the default is not listed:\n\(h.out)")

        XCTAssertEqual(h.run("hosts", "edit", "mac", "--forward-agent"), 0, h.err)
        XCTAssertTrue(try String(contentsOfFile: hostsFile, encoding: .utf8).contains("\"forwardAgent\" : true"))
        XCTAssertEqual(h.run("hosts", "show", "mac"), 0)
        XCTAssertTrue(h.out.contains("forward-agent:"), h.out)

        XCTAssertEqual(h.run("hosts", "edit", "mac", "--no-forward-agent"), 0, h.err)
        XCTAssertFalse(try String(contentsOfFile: hostsFile, encoding: .utf8).contains("forwardAgent"))

        XCTAssertEqual(h.run("hosts", "add", "pi", "--host", "10.0.0.6", "--forward-agent"), 0, h.err)
        XCTAssertTrue(try String(contentsOfFile: hostsFile, encoding: .utf8).contains("\"forwardAgent\" : true"))
    }

    func testBothWaysAtOnceIsAUsageError() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "10.0.0.5"), 0, h.err)
        XCTAssertEqual(h.run("hosts", "edit", "mac", "--forward-agent", "--no-forward-agent"), 2)
        XCTAssertTrue(h.err.contains("give --forward-agent or --no-forward-agent, not both"), h.err)
        XCTAssertEqual(h.run("attach", "mac", "--forward-agent", "--no-forward-agent"), 2)
        XCTAssertTrue(h.err.contains("give --forward-agent or --no-forward-agent, not both"), h.err)
    }

    func testTheHelpSaysWhyItIsOff() {
        for command in [["attach"], ["hosts", "add"], ["hosts", "edit"]] {
            let h = CLIHarness(environment: env)
            XCTAssertEqual(h.run(command + ["--help"]), 0, h.err)
            let text = h.out.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
            XCTAssertTrue(text.contains("--forward-agent"), h.out)
            XCTAssertTrue(text.contains("any process on that host"), "\(command): \(h.out)")
            XCTAssertTrue(text.contains("can use your keys"), "\(command): \(h.out)")
            XCTAssertEqual(text.components(separatedBy: "any process on that host").count, 2, "said once: \(command): \(h.out)")
        }
    }

    func testDoctorSaysWhetherForwardingIsOnAndWhatItForwards() {
        XCTAssertEqual(DoctorReport.agentForwardingLine(name: "mac", attach: "mac", keep: "drover hosts edit mac --forward-agent", on: false, socket: "/tmp/a.sock"),
                       "agent forwarding: off (turn it on with 'drover hosts edit mac --forward-agent', or this time with "
                           + "'drover attach mac --forward-agent')")
        XCTAssertEqual(DoctorReport.agentForwardingLine(name: "ann@10.0.0.5:22", attach: "ann@10.0.0.5:22", keep: nil, on: false, socket: nil),
                       "agent forwarding: off (turn it on with 'drover attach ann@10.0.0.5:22 --forward-agent')")
        XCTAssertEqual(DoctorReport.agentForwardingLine(name: "mac", attach: "mac", keep: "drover hosts edit mac --forward-agent", on: true, socket: "/tmp/a.sock"),
                       "agent forwarding: on: the ssh-agent at /tmp/a.sock is forwarded to mac while attached (never to jump hosts)")
        XCTAssertTrue(DoctorReport.agentForwardingLine(name: "mac", attach: "mac", keep: "drover hosts edit mac --forward-agent", on: true, socket: nil)
            .contains("SSH_AUTH_SOCK is not set here"))
    }

    /// `drover doctor` on a host with `--forward-agent`, served by an sshd with `sshdConfig`;
    /// returns its output and the test agent's socket.
    private func doctor(sshdConfig: [String] = []) throws -> (out: String, agentSocket: String) {
        let sshd = try TestSSHD(extraConfig: sshdConfig)
        defer { sshd.tearDown() }
        try sshd.authorize(try DeviceKey.loadOrCreate(root: DroverRoot(path: dir.file("drover"))).publicLine)
        let agent = try TestAgent(directory: dir)
        defer { agent.stop() }
        var environment = env
        environment["SSH_AUTH_SOCK"] = agent.socketPath
        let h = CLIHarness(environment: environment)
        XCTAssertEqual(h.run("hosts", "add", "mac", "--host", "127.0.0.1", "--port", String(sshd.port),
                             "--user", TestSSHD.currentUser, "--forward-agent"), 0, h.err)
        XCTAssertEqual(h.run("doctor", "mac", "--yes"), 0, h.err)
        return (h.out, agent.socketPath)
    }

    /// A real doctor run asks for forwarding as attach does and says the host accepted it.
    func testDoctorAsksTheHostForForwarding() throws {
        let (out, socket) = try doctor()
        XCTAssertTrue(out.contains("agent forwarding: on: the ssh-agent at \(socket) is forwarded to mac"), out)
        XCTAssertTrue(out.contains("  agent forwarding: accepted by the host"), out)
    }

    /// A host that refuses is named as refusing, with the settings that do it, and doctor goes on.
    func testDoctorSaysWhenTheHostRefusesForwarding() throws {
        let (out, _) = try doctor(sshdConfig: ["AllowAgentForwarding no"])
        XCTAssertTrue(out.contains("  agent forwarding: refused by the host (AllowAgentForwarding"), out)
        XCTAssertTrue(out.contains("session ('true')"), out)
    }
}
