import Foundation
import Files
import Hosts
import Identity
@testable import Pairing
import TestSupport
import XCTest
import LibC

/// Both sides are the built `drover`: `pair-host` on a real sshd (test switches on) and
/// `pair` enrolling against it.
final class PairingEndToEndTests: XCTestCase {
    var sshd: TestSSHD!
    var scratch: TemporaryDirectory!
    var hostHome: String { scratch.file("host-home") }
    var clientHome: String { scratch.file("client-home") }
    var stateDir: String { scratch.file("state") }
    var keysPath: String { sshd.authorizedKeysPath(for: TestSSHD.currentUser) }
    var user: String { TestSSHD.currentUser }

    override func setUpWithError() throws {
        signal(SIGPIPE, SIG_IGN)
        sshd = try TestSSHD()
        scratch = try TemporaryDirectory(prefix: "drover-pairing")
        try "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOtherKeyOtherKeyOtherKeyOtherKeyOtherKe1 existing@line\n"
            .write(toFile: keysPath, atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        sshd?.tearDown()
        scratch?.remove()
    }

    // MARK: helpers

    func startHost(_ extra: [String] = [], ttl: Int? = nil) throws -> (DroverChild, String) {
        var args = ["pair-host", "--host", "127.0.0.1", "--port", String(sshd.port), "--link",
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

    // MARK: tests

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
        XCTAssertEqual(hosts.first?.hostname, "127.0.0.1")
        XCTAssertEqual(hosts.first?.port, sshd.port)
        XCTAssertEqual(hosts.first?.user, user)
        XCTAssertEqual(hosts.first?.session, "work")
        XCTAssertNil(hosts.first?.command)
        let pins = try KnownHosts(root: DroverRoot(path: clientHome)).pins(host: "127.0.0.1", port: sshd.port)
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
        XCTAssertTrue(clientResult.output.contains("Another device already used this code, or it was denied. "
                                                   + "Deny any other request on the computer, then pair again."), clientResult.output)
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
        XCTAssertTrue(second.output.contains("Another device already used this code, or it was denied."), second.output)
        approve(host)
        XCTAssertEqual(first.finish().status, 0)
        XCTAssertEqual(host.finish().status, 0)
        let deviceLines = try authorizedLines().filter { $0.contains(" drover:") }
        XCTAssertEqual(deviceLines.count, 1)
        XCTAssertTrue(deviceLines[0].contains(" drover:first:"), deviceLines[0])
    }

    func testExpiredCodeIsRefusedBeforeConnecting() throws {
        let link = PairingLink(id: "abcdefghijklmnopqrstuw", computerName: "box", user: user, platform: .unix,
                               addresses: ["127.0.0.1"], port: sshd.port, hostKeyFingerprints: [try sshd.hostKeyFingerprint()],
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
        try KnownHosts(root: DroverRoot(path: clientHome)).add(host: "127.0.0.1", port: sshd.port,
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
        try "@revoked [127.0.0.1]:\(sshd.port) \(try sshd.hostPublicKeyLine())\n"
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
        XCTAssertEqual(try authorizedLines(), ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOtherKeyOtherKeyOtherKeyOtherKeyOtherKe1 existing@line"],
                       file: file, line: line)
        XCTAssertEqual(stateFiles(), [], file: file, line: line)
    }

    /// Issue 9 item 3: pairing updates the entry with the same account and session and leaves
    /// the entries for the computer's other sessions alone.
    func testRepairingTheSameAccountAndSessionUpdatesThatEntryOnly() throws {
        let store = HostStore(root: DroverRoot(path: clientHome))
        try store.add(HostEntry(name: "old-name", hostname: "127.0.0.1", port: sshd.port, user: user, session: "work",
                                 auth: [.agent, .deviceKey]))
        try store.add(HostEntry(name: "play", hostname: "127.0.0.1", port: sshd.port, user: user, session: "play"))
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

    func testPeerOutsideTailnetAndLoopbackIsRefusedUnlessAnyNetwork() throws {
        guard let address = Self.nonLoopbackIPv4() else { throw XCTSkip("no non-loopback IPv4 address here") }
        let outside = try TestSSHD(listenAddress: address)
        defer { outside.tearDown() }
        let link = PairingLink(id: "abcdefghijklmnopqrstuw", computerName: "box", user: user, platform: .unix,
                               addresses: [address], port: outside.port, hostKeyFingerprints: [try outside.hostKeyFingerprint()],
                               seed: Array(repeating: 7, count: 32), expiry: Int64(Date().timeIntervalSince1970) + 300).format()
        let refused = try startClient(link).finish()
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.output.contains("which is not a tailnet or loopback address"), refused.output)
        XCTAssertFalse(outside.log.contains("publickey for"), outside.log)

        let allowed = try startClient(link, extra: ["--any-network"]).finish()
        XCTAssertTrue(allowed.output.contains("warning: --any-network"), allowed.output)
        XCTAssertTrue(allowed.output.contains("did not accept the code's one-time key"), allowed.output)
    }

    static func nonLoopbackIPv4() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let sa = entry.pointee.ifa_addr, sa.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: 64)
            getnameinfo(sa, socklen_t(MemoryLayout<sockaddr_in>.size), &host, 64, nil, 0, NI_NUMERICHOST)
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if PeerAddressPolicy.network(of: text) == .other { return text }
        }
        return nil
    }
}
