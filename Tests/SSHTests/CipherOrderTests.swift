import LibC
import SSH
import XCTest

/// The cipher proposal (ADR 0021, reordered by ADR 0034): the same six modern ciphers either
/// way, AES-GCM first only where the CPU does AES in hardware.
final class CipherOrderTests: XCTestCase {
    func testHardwareAESPutsGCMFirstAndKeepsTheSameSet() {
        let hardware = SSHAlgorithms.ciphers(hardwareAES: true)
        let software = SSHAlgorithms.ciphers(hardwareAES: false)
        XCTAssertEqual(hardware.prefix(2), ["aes128-gcm@openssh.com", "aes256-gcm@openssh.com"])
        XCTAssertEqual(software.first, "chacha20-poly1305@openssh.com", "OpenSSH's own order")
        XCTAssertEqual(Set(hardware), Set(software))
        XCTAssertEqual(hardware.count, 6)
        XCTAssertFalse(hardware.contains { $0.hasSuffix("-cbc") || $0.hasPrefix("arcfour") || $0.hasPrefix("3des") })
    }

    func testTheProposalFollowsThisCPU() {
        XCTAssertEqual(SSHAlgorithms.modern(.cipher), SSHAlgorithms.ciphers(hardwareAES: hasHardwareAES))
    }
}
