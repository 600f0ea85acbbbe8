import Foundation
import Files
import Hosts
import Identity
@testable import Pairing
import TestSupport
import XCTest
import LibC

/// Both sides are the built `drover`: `pair-host` on a real sshd (test switches on) and
/// `pair` enrolling against it, with a host the herdr app accepts.
final class PairingEndToEndTests: PairingEndToEndCase {

    func testApprovedPairingSavesHostPinsKeyAndAuthorizesDevice() throws {
        let (host, link) = try startHost(["--session", "work"])
        XCTAssertTrue(try authorizedLines().contains { $0.hasPrefix("restrict,expiry-time=\"") && $0.contains(" herdr-pair:") })
        let client = try startClient(link)
        XCTAssertNotNil(host.output.wait(for: "Pairing request from 'test-laptop'"), host.output.text)
        approve(host)
        let clientResult = client.finish()
        let hostResult = host.finish()
        XCTAssertEqual(clientResult.status, 0, clientResult.output)
        XCTAssertEqual(hostResult.status, 0, hostResult.output)
        XCTAssertTrue(clientResult.output.contains("Waiting for approval on "), clientResult.output)

        let hosts = try savedHosts()
        XCTAssertEqual(hosts.count, 1)
        XCTAssertEqual(hosts.first?.hostname, "localhost", "saved as the herdr app spells it")
        XCTAssertEqual(hosts.first?.port, sshd.port)
        XCTAssertEqual(hosts.first?.user, user)
        XCTAssertEqual(hosts.first?.session, "work")
        XCTAssertNil(hosts.first?.command)
        let pins = try KnownHosts(root: DroverRoot(path: clientHome)).pins(host: "localhost", port: sshd.port)
        XCTAssertEqual(pins.map(\.fingerprint), [try sshd.hostKeyFingerprint()])

        let lines = try authorizedLines()
        XCTAssertFalse(lines.contains { $0.contains("herdr-pair:") }, lines.joined(separator: "\n"))
        XCTAssertEqual(lines.first, "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOtherKeyOtherKeyOtherKeyOtherKeyOtherKe1 existing@line")
        let device = try deviceKeyBase64()
        XCTAssertTrue(lines.contains { $0.hasPrefix("ssh-ed25519 \(device) drover:test-laptop:") }, lines.joined(separator: "\n"))
        XCTAssertEqual(stateFiles(), [])
        XCTAssertTrue(sshd.log.contains("Accepted publickey for"), "the marker the refusal tests look for")
    }

    func testDeniedPairingSavesAndAuthorizesNothing() throws {
        let (host, link) = try startHost()
        let client = try startClient(link)
        XCTAssertNotNil(host.output.wait(for: "Approve this device? [y/N] "), host.output.text)
        host.send("n\n")
        let clientResult = client.finish()
        XCTAssertEqual(host.finish().status, 3)
        XCTAssertNotEqual(clientResult.status, 0)
        XCTAssertTrue(clientResult.output.contains("The computer refused this device: the request was denied there"),
                      clientResult.output)
        XCTAssertEqual(try savedHosts(), [])
        XCTAssertEqual(try KnownHosts(root: DroverRoot(path: clientHome)).list(), [])
        XCTAssertEqual(try authorizedLines().count, 1)
        XCTAssertEqual(stateFiles(), [])
    }

    func testSecondClientWithTheSameCodeIsRefused() throws {
        let (host, link) = try startHost()
        let first = try startClient(link, name: "first")
        XCTAssertNotNil(host.output.wait(for: "Approve this device? [y/N] "), host.output.text)
        let second = try startClient(link, name: "second").finish()
        XCTAssertNotEqual(second.status, 0)
        XCTAssertTrue(second.output.contains("or another device had already used this code (then deny that device's "
                                             + "request on the computer)"), second.output)
        approve(host)
        XCTAssertEqual(first.finish().status, 0)
        XCTAssertEqual(host.finish().status, 0)
        let deviceLines = try authorizedLines().filter { $0.contains(" drover:") }
        XCTAssertEqual(deviceLines.count, 1)
        XCTAssertTrue(deviceLines[0].contains(" drover:first:"), deviceLines[0])
    }

    func testExpiredCodeIsRefusedBeforeConnecting() throws {
        let link = PairingLink(id: "abcdefghijklmnopqrstuw", computerName: "box", user: user, platform: .unix,
                               addresses: ["localhost"], port: sshd.port, hostKeyFingerprints: [try sshd.hostKeyFingerprint()],
                               seed: Array(repeating: 7, count: 32), expiry: Int64(Date().timeIntervalSince1970) - 185)
        let connectionsBefore = sshd.log.components(separatedBy: "Connection from").count
        let result = try startClient(link.format()).finish()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("the code expired 3 minutes ago; run the pairing command again"), result.output)
        XCTAssertFalse(result.output.contains("Connecting to"), result.output)
        XCTAssertEqual(sshd.log.components(separatedBy: "Connection from").count, connectionsBefore)
    }

    func testCodeExpiringWhileWaitingAnswersExpiredAndLateYesAuthorizesNothing() throws {
        let (host, link) = try startHost(ttl: 4)
        let client = try startClient(link)
        XCTAssertNotNil(host.output.wait(for: "Approve this device? [y/N] "), host.output.text)
        let clientResult = client.finish()
        XCTAssertTrue(clientResult.output.contains("The code expired. Run the pairing command again."), clientResult.output)
        host.send("y\n")
        let hostResult = host.finish()
        XCTAssertEqual(hostResult.status, 4, hostResult.output)
        XCTAssertFalse(try authorizedLines().contains { $0.contains(" drover:") || $0.contains("herdr-pair:") })
        XCTAssertEqual(try savedHosts(), [])
        XCTAssertEqual(stateFiles(), [])
    }

    func testMismatchedFingerprintIsRefusedAndNothingIsSentAfterTheHandshake() throws {
        let (host, link) = try startHost()
        let wrong = "SHA256:" + String(repeating: "Q", count: 43)
        let forged = link.replacingOccurrences(of: QueryEscaping.escape(try sshd.hostKeyFingerprint()), with: wrong)
        XCTAssertNotEqual(forged, link)
        let result = try startClient(forged).finish()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("which is not in the code"), result.output)
        XCTAssertFalse(sshd.log.contains("publickey for"), sshd.log)
        XCTAssertFalse(stateFiles().contains { $0.hasSuffix(".claim") })
        host.process.signal(SIGTERM)
        XCTAssertEqual(host.finish().status, 128 + SIGTERM)
    }

    func testDifferentExistingPinIsRefusedBeforeAuthenticating() throws {
        let (host, link) = try startHost()
        let other = try Ed25519KeyPair()
        try KnownHosts(root: DroverRoot(path: clientHome)).add(host: "localhost", port: sshd.port,
                                                               keyType: "ssh-ed25519", blob: other.publicKeyBlob)
        let result = try startClient(link).finish()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("already has a different pinned host key"), result.output)
        XCTAssertFalse(sshd.log.contains("publickey for"), sshd.log)
        host.process.signal(SIGTERM)
        host.finish()
    }

    func testRevokedHostKeyIsRefusedBeforeAuthenticatingEvenWhenTheCodeNamesIt() throws {
        let (host, link) = try startHost()
        try DroverRoot(path: clientHome).ensureExists()
        try "@revoked [localhost]:\(sshd.port) \(try sshd.hostPublicKeyLine())\n"
            .write(toFile: DroverRoot(path: clientHome).file("known_hosts"), atomically: true, encoding: .utf8)
        let result = try startClient(link).finish()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("REVOKED"), result.output)
        XCTAssertFalse(sshd.log.contains("publickey for"), sshd.log)
        XCTAssertEqual(try savedHosts(), [])
        host.process.signal(SIGTERM)
        host.finish()
    }

    func testSigtermWhileWaitingRemovesTheOneTimeLineAndStateFiles() throws {
        try assertSignalCleansUp(SIGTERM)
    }

    func testSighupAndSigintWhileWaitingCleanUpToo() throws {
        try assertSignalCleansUp(SIGHUP)
        try assertSignalCleansUp(SIGINT)
    }

    func assertSignalCleansUp(_ sig: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        let (host, _) = try startHost()
        XCTAssertTrue(try authorizedLines().contains { $0.contains("herdr-pair:") }, file: file, line: line)
        XCTAssertFalse(stateFiles().isEmpty, file: file, line: line)
        host.process.signal(sig)
        let result = host.finish()
        XCTAssertEqual(result.status, 128 + sig, result.output, file: file, line: line)
        // The same options again (a bare 'drover pair-host' may not work here), test switches left out.
        XCTAssertTrue(result.output.contains("Run 'drover pair-host --host localhost --port \(sshd.port) --link' again to pair"),
                      result.output, file: file, line: line)
        XCTAssertEqual(try authorizedLines(), ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOtherKeyOtherKeyOtherKeyOtherKeyOtherKe1 existing@line"],
                       file: file, line: line)
        XCTAssertEqual(stateFiles(), [], file: file, line: line)
    }

    /// Issue 9 item 3: pairing updates the entry with the same account and session and leaves
    /// the entries for the computer's other sessions alone.
    func testRepairingTheSameAccountAndSessionUpdatesThatEntryOnly() throws {
        let store = HostStore(root: DroverRoot(path: clientHome))
        try store.add(HostEntry(name: "old-name", hostname: "localhost", port: sshd.port, user: user, session: "work",
                                 auth: [.agent, .deviceKey]))
        try store.add(HostEntry(name: "play", hostname: "localhost", port: sshd.port, user: user, session: "play"))
        let (host, link) = try startHost(["--session", "work"])
        let client = try startClient(link)
        approve(host)
        let result = client.finish()
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("updated host 'old-name'"), result.output)
        host.finish()
        let hosts = try savedHosts()
        XCTAssertEqual(hosts.map(\.name), ["old-name", "play"])
        XCTAssertEqual(hosts.map(\.session), ["work", "play"])
        XCTAssertEqual(hosts.first?.auth, [.agent, .deviceKey], "the person's auth preference survives")
        XCTAssertNil(hosts.first?.command)
    }
}
