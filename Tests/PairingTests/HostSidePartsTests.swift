import Foundation
import Hosts
@testable import Pairing
import TestSupport
import XCTest

/// The one-time line, authorized_keys edits, the state hand-off files and the enroll input.
final class HostSidePartsTests: XCTestCase {
    var scratch: TemporaryDirectory!

    override func setUpWithError() throws { scratch = try TemporaryDirectory(prefix: "drover-pairing-parts") }
    override func tearDown() { scratch.remove() }

    func testOneTimeLineIsTheProtocolsLineByteForByte() throws {
        setenv("TZ", "UTC", 1)
        tzset()
        let command = try Platform.unix.pairHostForcedCommand(drover: "/usr/local/bin/drover", id: "abcdefghijklmnopqrstuw",
                                                          stateDirectory: "/home/ana/.config/drover/pairing")
        let line = OneTimeKeyLine.line(publicKeyBase64: "AAAAC3NzaC1lZDI1NTE5AAAAIK", id: "abcdefghijklmnopqrstuw",
                                       expiry: Date(timeIntervalSince1970: 1_800_000_600), forcedCommand: command)
        XCTAssertEqual(line, #"restrict,expiry-time="20270115081000",from="100.64.0.0/10,fd7a:115c:a1e0::/48,127.0.0.1,::1",command="/usr/local/bin/drover pair-host --enroll=abcdefghijklmnopqrstuw --state=/home/ana/.config/drover/pairing" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK herdr-pair:abcdefghijklmnopqrstuw"#)
        XCTAssertTrue(OneTimeKeyLine.isLine(line, ofPairing: "abcdefghijklmnopqrstuw"))
        XCTAssertFalse(OneTimeKeyLine.isLine(line, ofPairing: "bbcdefghijklmnopqrstu_"))
    }

    func testForcedCommandQuotesPathsWithSpacesAndRefusesQuotes() throws {
        XCTAssertEqual(try Platform.unix.pairHostForcedCommand(drover: "/opt/my tools/drover", id: "x", stateDirectory: "/s"),
                       "'/opt/my tools/drover' pair-host --enroll=x --state=/s")
        XCTAssertThrowsError(try Platform.unix.pairHostForcedCommand(drover: "/opt/a\"b/drover", id: "x", stateDirectory: "/s")) {
            XCTAssertEqual($0 as? PairHostPlatformError, .unquotablePath("/opt/a\"b/drover"))
        }
        XCTAssertThrowsError(try Platform.unix.pairHostForcedCommand(drover: "/opt/drover", id: "x", stateDirectory: "/s\\t"))
    }

    /// One platform enum serves the registry, the link and pair-host; pair-host has no
    /// Windows forced command yet and says so instead of writing a unix one.
    func testPairHostRefusesWindowsInsteadOfWritingAUnixCommand() {
        XCTAssertThrowsError(try Platform.windows.pairHostForcedCommand(drover: "/opt/drover", id: "x", stateDirectory: "/s")) {
            XCTAssertEqual($0 as? PairHostPlatformError, .unsupported(.windows))
        }
        XCTAssertEqual(Platform.unix.pairHostAuthorizedKeysPath(home: "/home/ana"), "/home/ana/.ssh/authorized_keys")
    }

    func testAuthorizedKeysEditsKeepOtherLinesByteForByte() throws {
        let path = scratch.file("authorized_keys")
        let original = "# comment  with  spaces\r\nssh-ed25519 AAAA one\n\nssh-ed25519 BBBB two"
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o640)
        let file = AuthorizedKeysFile(path: path, lockPath: scratch.file("lock"))
        try file.append("restrict ssh-ed25519 CCCC herdr-pair:abc")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), original + "\nrestrict ssh-ed25519 CCCC herdr-pair:abc\n")
        XCTAssertEqual(try file.remove { $0.hasSuffix(" herdr-pair:abc") }, 1)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), original + "\n")
        XCTAssertEqual(AtomicFileMode.of(path), 0o640)
    }

    func testPairingTheSameDeviceAgainLeavesOneLineForItsKey() throws {
        let path = scratch.file("authorized_keys")
        let file = AuthorizedKeysFile(path: path, lockPath: scratch.file("lock"))
        XCTAssertTrue(try file.append("ssh-ed25519 DDDD drover:laptop:2026-11-01", unlessAuthorized: "ssh-ed25519 DDDD"))
        XCTAssertFalse(try file.append("ssh-ed25519 DDDD drover:laptop:2026-11-30", unlessAuthorized: "ssh-ed25519 DDDD"))
        XCTAssertEqual(try file.lines(), ["ssh-ed25519 DDDD drover:laptop:2026-11-01"])
        try "restrict ssh-ed25519 EEEE old\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(try file.append("ssh-ed25519 EEEE drover:laptop", unlessAuthorized: "ssh-ed25519 EEEE"),
                      "a restricted line for the key does not give the device a session: the plain line is added")
    }

    func testAuthorizedKeysFileIsCreatedWith0600() throws {
        let path = scratch.file("ssh/authorized_keys")
        try AuthorizedKeysFile(path: path, lockPath: scratch.file("lock")).append("ssh-ed25519 AAAA x")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "ssh-ed25519 AAAA x\n")
        XCTAssertEqual(AtomicFileMode.of(path), 0o600)
    }

    func testStateFilesAreCreatedOnceWithATrailingNewline() throws {
        let state = PairingStateDirectory(path: scratch.file("state"), id: "abcdefghijklmnopqrstuw")
        try state.ensureExists()
        XCTAssertNil(state.read(.claim))
        XCTAssertTrue(try state.create(.claim, ["ssh-ed25519 AAAA", "laptop", "1800000000"]))
        XCTAssertFalse(try state.create(.claim, ["other"]))
        XCTAssertEqual(try String(contentsOfFile: state.file(.claim), encoding: .utf8), "ssh-ed25519 AAAA\nlaptop\n1800000000\n")
        XCTAssertEqual(state.read(.claim), ["ssh-ed25519 AAAA", "laptop", "1800000000"])
        try "approve".write(toFile: state.file(.decision), atomically: true, encoding: .utf8)
        XCTAssertNil(state.read(.decision), "a file without its final newline is not complete yet")
        state.removeAll()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: state.path).filter { !$0.hasPrefix(".") }, [])
    }

    func testEnrollRequestReadsExactlyTwoLines() throws {
        let blob = [0, 0, 0, 11] + Array("ssh-ed25519".utf8) + [0, 0, 0, 32] + [UInt8](repeating: 9, count: 32)
        let key = "ssh-ed25519 " + Data(blob).base64EncodedString()
        let request = try EnrollRequest.parse(Array("\(key)\nAna's phone\n".utf8))
        XCTAssertEqual(request.deviceName, "Ana's phone")
        XCTAssertEqual(request.publicLine, key)
        XCTAssertNoThrow(try EnrollRequest.parse(Array("\(key)\r\nphone".utf8)))
        XCTAssertThrowsError(try EnrollRequest.parse(Array("\(key)\n".utf8))) { XCTAssertEqual($0 as? EnrollRequest.Problem, .notTwoLines) }
        XCTAssertThrowsError(try EnrollRequest.parse(Array("\(key)\nphone\nextra\n".utf8))) { XCTAssertEqual($0 as? EnrollRequest.Problem, .notTwoLines) }
        XCTAssertThrowsError(try EnrollRequest.parse(Array("ssh-rsa AAAA\nphone\n".utf8))) { XCTAssertEqual($0 as? EnrollRequest.Problem, .badKey) }
        XCTAssertThrowsError(try EnrollRequest.parse(Array("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5\nphone\n".utf8))) { XCTAssertEqual($0 as? EnrollRequest.Problem, .badKey) }
        XCTAssertThrowsError(try EnrollRequest.parse(Array("\(key)\n\u{1b}[2Jphone\n".utf8))) { XCTAssertEqual($0 as? EnrollRequest.Problem, .badName) }
        XCTAssertThrowsError(try EnrollRequest.parse(Array("\(key)\nlive\u{202E}exe\n".utf8))) { XCTAssertEqual($0 as? EnrollRequest.Problem, .badName) }
        XCTAssertThrowsError(try EnrollRequest.parse(Array("\(key)\n\(String(repeating: "n", count: 65))\n".utf8))) { XCTAssertEqual($0 as? EnrollRequest.Problem, .badName) }
    }

    func testTokenIsTheLastWordOfTheOutput() {
        XCTAssertEqual(EnrollToken.last(in: "motd line\nOK\n"), .ok)
        XCTAssertEqual(EnrollToken.last(in: "DENIED\r\n"), .denied)
        XCTAssertNil(EnrollToken.last(in: "OK then something"))
        XCTAssertEqual(EnrollToken.allCases.map(\.exitCode), [0, 2, 3, 4])
    }

    func testTailscaleStatusGivesMagicDNSNameShortNameAndFirst100Address() {
        let json = #"{"Self":{"DNSName":"box.tail1234.ts.net.","HostName":"Box","TailscaleIPs":["fd7a:115c:a1e0::1","100.101.102.103"]}}"#
        XCTAssertEqual(TailscaleAddresses.parse(statusJSON: Data(json.utf8)), ["box.tail1234.ts.net", "box", "100.101.102.103"])
        XCTAssertEqual(TailscaleAddresses.parse(statusJSON: Data("{}".utf8)), [])
    }

    func testRegistryNameFromComputerName() {
        XCTAssertEqual(PairingHostName.registryName(for: "Ana's build box"), "Ana-s-build-box")
        XCTAssertEqual(PairingHostName.registryName(for: "--x"), "x")
        XCTAssertEqual(PairingHostName.registryName(for: "日本"), "host")
    }
}

/// Permission bits of a path (nil when missing).
enum AtomicFileMode {
    static func of(_ path: String) -> mode_t? {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o7777 : nil
    }
}

/// The code lists every ed25519/ECDSA key the sshd serves, read from the sshd itself.
final class ServedHostKeysTests: XCTestCase {
    func testEveryServedPairableKeyIsListedNegotiatedFirst() throws {
        let extra = try TemporaryDirectory(prefix: "drover-extra-hostkey")
        defer { extra.remove() }
        _ = try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ecdsa", "-N", "", "-f", extra.file("ecdsa")])
        let sshd = try TestSSHD(extraConfig: ["HostKey \(extra.file("ecdsa"))"])
        defer { sshd.tearDown() }
        let ecdsa = String(try Shell.run("/usr/bin/ssh-keygen", ["-lf", extra.file("ecdsa.pub")]).split(separator: " ")[1])
        XCTAssertEqual(try ServedHostKeys.fingerprints(port: sshd.port, fallbackAddresses: []),
                       [try sshd.hostKeyFingerprint(), ecdsa])
    }

    func testASingleServedKeyIsListedAlone() throws {
        let sshd = try TestSSHD(hostKeyType: "ecdsa")
        defer { sshd.tearDown() }
        XCTAssertEqual(try ServedHostKeys.fingerprints(port: sshd.port, fallbackAddresses: []), [try sshd.hostKeyFingerprint()])
    }

    func testAnRSAOnlyServerIsRefusedWithAnAdvice() throws {
        let sshd = try TestSSHD(hostKeyType: "rsa")
        defer { sshd.tearDown() }
        XCTAssertThrowsError(try ServedHostKeys.fingerprints(port: sshd.port, fallbackAddresses: [])) { error in
            XCTAssertTrue("\(error)".contains("ed25519 or ECDSA host key"), "\(error)")
            XCTAssertFalse("\(error)".contains("cannot read"), "the sshd runs; the advice is about its keys: \(error)")
        }
    }

    /// Nothing listening on loopback is the cause named, not the last fallback's error.
    func testNothingListeningOnLoopbackIsTheCauseNamed() throws {
        let port = try TestSSHD.freePort()
        XCTAssertThrowsError(try ServedHostKeys.fingerprints(port: port, fallbackAddresses: ["mac.tail123.invalid"])) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("nothing answers on this computer's port \(port) (127.0.0.1"), message)
            XCTAssertTrue(message.contains("refused the connection, and "), message)
            XCTAssertTrue(message.contains("mac.tail123.invalid gave no host key either"), message)
            XCTAssertFalse(message.contains("cannot find host"), message)
            XCTAssertTrue(message.hasSuffix("start sshd or pass the port it listens on with --port, then try again"), message)
        }
    }

    /// pair-host has no --legacy-algorithms: the advice is the sshd's algorithms, not a setting or the port.
    func testALegacyOnlyServerIsRefusedWithTheSSHDAdvice() throws {
        let sshd = try TestSSHD(extraConfig: ["Ciphers aes128-cbc"])
        defer { sshd.tearDown() }
        XCTAssertThrowsError(try ServedHostKeys.fingerprints(port: sshd.port, fallbackAddresses: [])) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("cannot be paired with: 127.0.0.1:\(sshd.port) offers only weak algorithms (ciphers: aes128-cbc)"), text)
            XCTAssertTrue(text.contains("Give its sshd modern ones"), text)
            XCTAssertFalse(text.contains("--legacy-algorithms") || text.contains("--port"), text)
        }
    }
}
