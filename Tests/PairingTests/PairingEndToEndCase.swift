import Foundation
import Files
import Hosts
import Identity
@testable import Pairing
import TestSupport
import XCTest
import LibC

/// The shared setting of the end-to-end pairing tests: a real sshd, both sides the built
/// `drover` (`pair-host` with its test switches on, `pair` enrolling against it), and helpers
/// to start, drive and inspect them. It holds no tests of its own.
class PairingEndToEndCase: XCTestCase {
    var sshd: TestSSHD!
    var scratch: TemporaryDirectory!
    var hostHome: String { scratch.file("host-home") }
    var clientHome: String { scratch.file("client-home") }
    var stateDir: String { scratch.file("state") }
    var keysPath: String { sshd.authorizedKeysPath(for: TestSSHD.currentUser) }
    var user: String { TestSSHD.currentUser }
    /// What the last `startHost` printed up to "Waiting for a device".
    var hostText = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        signal(SIGPIPE, SIG_IGN)
        sshd = try TestSSHD()
        scratch = try TemporaryDirectory(prefix: "drover-pairing")
        try "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOtherKeyOtherKeyOtherKeyOtherKeyOtherKe1 existing@line\n"
            .write(toFile: keysPath, atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        defer { super.tearDown() }
        sshd?.tearDown()
        scratch?.remove()
    }

    // MARK: helpers

    /// `pair-host --link` offering `hosts` (by default `LocalHost`: a machine name the herdr
    /// app accepts, which reaches this sshd).
    func startHost(_ extra: [String] = [], hosts: [String] = ["LocalHost"], ttl: Int? = nil) throws -> (DroverChild, String) {
        var args = ["pair-host", "--port", String(sshd.port), "--link"] + hosts.flatMap { ["--host", $0] } + [
                    "--test-authorized-keys", keysPath, "--test-state", stateDir] + extra
        if let ttl { args += ["--test-ttl", String(ttl)] }
        let host = try DroverChild(args, environment: ["DROVER_PAIR_TEST": "1", "DROVER_HOME": hostHome])
        guard let text = host.output.wait(for: "Waiting for a device") else {
            XCTFail("pair-host did not offer a code: \(host.output.text)")
            throw TestSupportError("no code")
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("herdr://pair?") }) else {
            throw TestSupportError("no link in: \(text)")
        }
        // --link prints the link under the code, which decodes to the same link.
        XCTAssertEqual(try TerminalCellsPicture.decode(TerminalCellsPicture.codeRows(in: text)), [String(line)])
        XCTAssertTrue(text.contains("This link is a secret for the next "), text)
        self.hostText = text
        return (host, String(line))
    }

    func startClient(_ link: String, name: String = "test-laptop", extra: [String] = []) throws -> DroverChild {
        let client = try DroverChild(["pair", "-", "--yes", "--no-attach", "--name", name] + extra,
                                     environment: ["DROVER_HOME": clientHome])
        client.send(link + "\n")
        client.closeInput()
        return client
    }

    func authorizedLines() throws -> [String] {
        try String(contentsOfFile: keysPath, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    func stateFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: stateDir)) ?? []).filter { !$0.hasPrefix(".") }
    }

    func deviceKeyBase64() throws -> String {
        try XCTUnwrap(DeviceKey.load(root: DroverRoot(path: clientHome))).keyPair.publicKeyBlob.base64EncodedString()
    }

    func savedHosts() throws -> [HostEntry] { try HostStore(root: DroverRoot(path: clientHome)).load().hosts }

    func approve(_ host: DroverChild) {
        XCTAssertNotNil(host.output.wait(for: "Approve this device? [y/N] "), host.output.text)
        host.send("y\n")
    }
}
