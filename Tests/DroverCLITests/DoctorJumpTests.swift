import Files
import Foundation
import Identity
import SSH
import TestSupport
import XCTest
@testable import DroverCLI

/// `drover doctor` goes the way attach goes: through the host's jump hosts, each hop planned,
/// pinned and logged in to on its own, with its steps timed. And a `~/.ssh/known_hosts` it
/// cannot use is said with the reason, not passed over.
final class DoctorJumpTests: XCTestCase {
    private var sshds: [TestSSHD] = []
    private var dir: TemporaryDirectory!
    private var home: String { dir.file("home") }
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser, "HOME": home] }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-doctor-jump")
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() {
        sshds.forEach { $0.tearDown() }
        dir.remove()
    }

    /// `count` sshds authorizing the device key; DEBUG1 logs each direct-tcpip request's target.
    private func start(_ count: Int) throws {
        let key = try DeviceKey.loadOrCreate(root: DroverRoot(path: dir.file("drover")))
        for _ in 0..<count {
            let sshd = try TestSSHD(extraConfig: ["LogLevel DEBUG1"])
            try sshd.authorize(key.publicLine)
            sshds.append(sshd)
        }
    }

    private func account(_ sshd: TestSSHD) -> String { "\(TestSSHD.currentUser)@127.0.0.1:\(sshd.port)" }

    private func forwarded(in sshd: TestSSHD, to port: Int) -> Bool {
        sshd.waitForLog { log in
            log.split(whereSeparator: \.isNewline).contains {
                $0.contains("server_request_direct_tcpip") && $0.trimmingCharacters(in: .whitespaces).hasSuffix("target 127.0.0.1 port \(port)")
            }
        }
    }

    func testDoctorPlansPinsAndTimesEveryHopThenTheTarget() throws {
        try start(3)
        CLIHarness.checked(["hosts", "add", "inner", "127.0.0.1", "--port", String(sshds[2].port), "--user", TestSSHD.currentUser,
                            "--jump", "\(account(sshds[0])),\(account(sshds[1]))"], environment: env)
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", "inner", "--yes"), 0, h.err)
        let lines = h.out.components(separatedBy: "\n")
        XCTAssertTrue(lines.contains("Through jump hosts, in order: \(account(sshds[0])), \(account(sshds[1]))"), h.out)
        for sshd in sshds.prefix(2) {
            XCTAssertTrue(lines.contains { $0.hasPrefix("jump host \(account(sshd))") }, "the hop's own plan: \(h.out)")
            for step in ["TCP and SSH handshake", "host key", "login"] {
                let line = lines.first { $0.hasPrefix("  jump host \(account(sshd)): \(step) ") }
                XCTAssertNotNil(line?.range(of: #" \d+ ms  "#, options: .regularExpression), "\(step) timed: \(h.out)")
            }
            XCTAssertTrue(lines.contains { $0.hasPrefix("  jump host \(account(sshd)): host key ") && $0.contains(try! sshd.hostKeyFingerprint()) },
                          h.out)
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("  login ") && $0.hasSuffix("device key") }, h.out)
        // Trial finding: the jump hosts' rows pushed their times out of the column.
        let timeColumns = Set(lines.compactMap { line in line.range(of: " ms  ").map { line.distance(from: line.startIndex, to: $0.lowerBound) } })
        XCTAssertEqual(timeColumns.count, 1, "every step's time in one column:\n\(h.out)")
        XCTAssertTrue(forwarded(in: sshds[0], to: sshds[1].port), "the first hop carried the second: \(sshds[0].log)")
        XCTAssertTrue(forwarded(in: sshds[1], to: sshds[2].port), "the second hop carried the target: \(sshds[1].log)")
        // Each hop's key and the target's are pinned separately, each under its own port.
        let pins = KnownHosts(root: DroverRoot(path: dir.file("drover")))
        for sshd in sshds {
            XCTAssertEqual(try pins.list(host: "127.0.0.1", port: sshd.port).map(\.key.fingerprint), [try sshd.hostKeyFingerprint()])
        }
    }

    func testAnUnusableOpenSSHKnownHostsFileIsReportedWithItsReason() throws {
        try start(1)
        let file = home + "/.ssh/known_hosts"
        try "[127.0.0.1]:\(sshds[0].port) \(try sshds[0].hostPublicKeyLine())\n".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(file, 0o666), 0)
        let h = CLIHarness(environment: env)
        _ = h.run("doctor", account(sshds[0]), "--yes")
        let line = h.out.components(separatedBy: "\n").first { $0.hasPrefix("  ~/.ssh/known_hosts") } ?? ""
        XCTAssertTrue(line.hasPrefix("  ~/.ssh/known_hosts: cannot be used: "), h.out)
        XCTAssertTrue(line.contains("can be changed by other users"), "the reason: \(line)")
    }
}
