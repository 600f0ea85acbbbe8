import Files
import Foundation
import TestSupport
import XCTest
@testable import Identity

/// OpenSSH's own client accepts Drover's files: it logs in with the device key and checks the
/// server against Drover's pins, and agrees with `KnownHosts.lookup` when the key changes.
final class OpenSSHInteropTests: XCTestCase {
    func testOpenSSHClientUsesOurDeviceKeyAndPins() throws {
        let sshd = try TestSSHD()
        defer { sshd.tearDown() }
        let root = DroverRoot(path: sshd.directory.file("drover"))
        let device = try DeviceKey.loadOrCreate(root: root, hostname: "interop")
        try sshd.authorize(device.publicLine)
        let pins = KnownHosts(root: root)
        let served = try SSHPublicKey(line: sshd.hostPublicKeyLine())
        XCTAssertEqual(try pins.lookup(host: "127.0.0.1", port: sshd.port, keyType: served.type, blob: served.blob), .unknown)
        try pins.add(host: "127.0.0.1", port: sshd.port, keyType: served.type, blob: served.blob)
        XCTAssertEqual(served.fingerprint, try sshd.hostKeyFingerprint())

        func ssh() throws -> Shell.Result {
            try Shell.execute("/usr/bin/ssh", [
                "-F", "/dev/null", "-i", device.privateKeyPath, "-o", "IdentitiesOnly=yes", "-p", String(sshd.port),
                "-o", "UserKnownHostsFile=\(pins.path)", "-o", "StrictHostKeyChecking=yes", "-o", "BatchMode=yes",
                "\(TestSSHD.currentUser)@127.0.0.1", "echo drover-$((6*7))",
            ])
        }
        let first = try ssh()
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "drover-42\n")

        try sshd.replaceHostKey()
        let changed = try SSHPublicKey(line: sshd.hostPublicKeyLine())
        XCTAssertEqual(try pins.lookup(host: "127.0.0.1", port: sshd.port, keyType: changed.type, blob: changed.blob),
                       .changed(pinned: [served.fingerprint]))
        let refused = try ssh()
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("HOST IDENTIFICATION HAS CHANGED"), refused.stderr)

        XCTAssertEqual(try pins.remove(host: "127.0.0.1", port: sshd.port).map(\.fingerprint), [served.fingerprint])
        XCTAssertEqual(try pins.lookup(host: "127.0.0.1", port: sshd.port, keyType: changed.type, blob: changed.blob), .unknown)
        try pins.add(host: "127.0.0.1", port: sshd.port, keyType: changed.type, blob: changed.blob)
        let again = try ssh()
        XCTAssertEqual(again.status, 0, again.stderr)
    }
}
