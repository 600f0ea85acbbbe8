import XCTest
import Files
import Hosts
import Identity
import LibC
import SSH
@testable import Sessions

/// The safety rule for showing a host key file's fingerprint as read on this computer: only a
/// loopback address reached directly, and only a regular file root or this user owns that
/// others cannot change, opened without blocking (issue 32 review).
final class LocalHostKeyFileTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("lhkf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testOnlyLoopbackAddressesCountAsThisComputer() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "::1"] { XCTAssertTrue(LocalHostKeyFile.isThisComputer(host), host) }
        for host in ["10.0.0.1", "192.0.2.1", "127.0.0", "127.0.0.1.nip.io", "128.0.0.1", "example.com", "::2", "lab1"] {
            XCTAssertFalse(LocalHostKeyFile.isThisComputer(host), host)
        }
    }

    func testAPlainKeyFileIsReadAndOthersAreRefusedWithAReason() throws {
        let key = try Ed25519KeyPair().sshPublicKey
        let good = try write("good.pub", key.line + "\n", mode: 0o644)
        XCTAssertEqual(LocalHostKeyFile.read(good), .key(key))
        XCTAssertNil(LocalHostKeyFile.read(dir.path + "/absent.pub"))

        // A FIFO would block a plain open until a writer came: refused at once instead.
        let fifo = dir.path + "/fifo.pub"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertEqual(LocalHostKeyFile.read(fifo), .refused("it is a FIFO, not a regular file"))
        XCTAssertEqual(LocalHostKeyFile.read("/dev/null"), .refused("it is a character device, not a regular file"))

        let writable = try write("writable.pub", key.line + "\n", mode: 0o666)
        guard case .refused(let why) = LocalHostKeyFile.read(writable) else { return XCTFail("a world-writable file was read") }
        XCTAssertTrue(why.contains("can be changed by other users"), why)
    }

    /// The plan reads the file only for a loopback target reached directly: not through a
    /// jump host (-J), not through a ProxyCommand, not at another address.
    func testThePlanShowsTheLocalFingerprintOnlyForADirectLoopbackTarget() throws {
        let key = try Ed25519KeyPair().sshPublicKey
        let pub = try write("host.pub", key.line + "\n", mode: 0o644)
        XCTAssertEqual(asked(host: "127.0.0.1", file: pub, direct: true)?.keyFileHere, key)
        XCTAssertNil(asked(host: "127.0.0.1", file: pub, direct: false)?.keyFileHere, "through -J")
        XCTAssertNil(asked(host: "127.0.0.1", file: pub, direct: true, proxyCommand: "nc %h %p")?.keyFileHere, "ProxyCommand")
        XCTAssertNil(asked(host: "192.0.2.1", file: pub, direct: true)?.keyFileHere, "another address")
        let fifo = dir.path + "/fifo.pub"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let refused = try XCTUnwrap(asked(host: "127.0.0.1", file: fifo, direct: true))
        XCTAssertNil(refused.keyFileHere)
        XCTAssertTrue(refused.question.contains("This computer's copy of \(fifo) is not shown: it is a FIFO, not a regular file."),
                      refused.question)
    }

    /// The question the plan's trust asks about a presented key it has no pin for.
    private func asked(host: String, file: String, direct: Bool, proxyCommand: String? = nil) -> UnknownHostKey? {
        var entry = HostEntry(name: "box", hostname: host, user: "u")
        entry.hostKeyFile = file
        let plan = ConnectionPlan(endpoint: SSHEndpoint(host: host, port: 2222, user: "u"), auth: AuthMethod.defaultOrder,
                                  identity: nil, sshKnownHosts: false, host: entry, proxyCommand: proxyCommand,
                                  root: DroverRoot(path: dir.path + "/root"), environment: ["HOME": dir.path],
                                  options: SSHOptions())
        let seen = Seen()
        let trust = plan.trust(note: { _ in }, direct: direct) { unknown in seen.question = unknown; return false }
        let presented = PresentedHostKey(host: host, port: 2222, peer: PeerAddress(address: host, port: 2222),
                                         keyType: "ssh-ed25519", blob: [1, 2, 3], fingerprint: "SHA256:presented")
        XCTAssertThrowsError(try trust.verify(presented))
        return seen.question
    }

    private func write(_ name: String, _ text: String, mode: mode_t) throws -> String {
        let path = dir.path + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(path, mode), 0)
        return path
    }
}

private final class Seen: @unchecked Sendable {
    var question: UnknownHostKey?
}
