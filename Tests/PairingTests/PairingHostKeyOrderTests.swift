import Files
import Foundation
import Identity
import TestSupport
import XCTest

/// Issue 9 item 1 for pairing: the enrolling client offers the pinned host key types first.
extension PairingEndToEndTests {
    /// A computer serving Ed25519 and ECDSA whose ECDSA key is already pinned (as `ssh` pins
    /// it) pairs; it used to present Ed25519 and be refused as a different pinned key.
    func testPinnedECDSAKeyOfAComputerThatAlsoServesEd25519Pairs() throws {
        sshd.tearDown()
        sshd = try TestSSHD(extraHostKeyTypes: ["ecdsa"])
        let ecdsa = try SSHPublicKey(line: sshd.hostPublicKeyLine(type: "ecdsa"))
        let pins = KnownHosts(root: DroverRoot(path: clientHome))
        try pins.add(host: "localhost", port: sshd.port, keyType: ecdsa.type, blob: ecdsa.blob)

        let (host, link) = try startHost()
        let client = try startClient(link)
        approve(host)
        let result = client.finish()
        XCTAssertEqual(result.status, 0, result.output)
        host.finish()
        XCTAssertEqual(try pins.pins(host: "localhost", port: sshd.port).map(\.fingerprint), [ecdsa.fingerprint],
                       "the pinned ECDSA key was the one presented; nothing else was pinned")
        XCTAssertEqual(try savedHosts().first?.port, sshd.port)
    }
}
