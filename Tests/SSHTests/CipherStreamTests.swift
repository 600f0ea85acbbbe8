import Foundation
import XCTest
import SSH
import TestSupport

/// Every cipher path of libssh2's packet reader carries a stream byte for byte (ADR 0037: Drover's
/// build decrypts a packet's middle blocks in one call). Writes of awkward sizes (1, 15, 17,
/// 32,769 bytes: packets that end mid-block, span the 32 KB packet limit, or arrive in pieces)
/// go through a real sshd using one cipher and MAC each, AEAD, counter mode with and without
/// encrypt-then-MAC, and a CBC cipher a host may allow.
final class CipherStreamTests: XCTestCase {
    private static let sizes = [1, 15, 16, 17, 31, 32, 33, 47, 4095, 4097, 32767, 32768, 32769, 100_001, 1_000_003]

    func testAESGCMCarriesTheStream() throws {
        try checkStream(ciphers: "aes128-gcm@openssh.com", macs: nil)
        try checkStream(ciphers: "aes256-gcm@openssh.com", macs: nil)
    }

    func testChaCha20Poly1305CarriesTheStream() throws {
        try checkStream(ciphers: "chacha20-poly1305@openssh.com", macs: nil)
    }

    func testCounterModeCarriesTheStreamWithAndWithoutEncryptThenMAC() throws {
        try checkStream(ciphers: "aes128-ctr", macs: "hmac-sha2-256-etm@openssh.com")
        try checkStream(ciphers: "aes256-ctr", macs: "hmac-sha2-512")
    }

    func testAnAllowedCBCCipherCarriesTheStream() throws {
        var options = SSHOptions()
        options.legacyAlgorithms = ["aes128-cbc"]
        try checkStream(ciphers: "aes128-cbc", macs: "hmac-sha2-256", options: options)
    }

    /// A file of seeded random bytes, sent by the host in writes of each of `sizes`, must arrive whole.
    private func checkStream(ciphers: String, macs: String?, options: SSHOptions = SSHOptions(),
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let fixture = try SSHFixture(extraConfig: ["Ciphers \(ciphers)"] + (macs.map { ["MACs \($0)"] } ?? []))
        defer { fixture.tearDown() }
        let total = Self.sizes.reduce(0, +)
        var generator = SeededBytes(seed: UInt64(truncatingIfNeeded: ciphers.utf8.reduce(7) { $0 &* 31 &+ Int($1) }))
        let payload = (0..<total).map { _ in generator.next() }
        let path = fixture.sshd.directory.file("payload")
        try Data(payload).write(to: URL(fileURLWithPath: path))

        let session = try fixture.session(options: options)
        XCTAssertEqual(session.negotiatedAlgorithms.ciphers, [ciphers], file: file, line: line)
        if let macs { XCTAssertEqual(session.negotiatedAlgorithms.macs, [macs], file: file, line: line) }
        let writes = Self.sizes.map { "head -c \($0)" }.joined(separator: "; ")
        let channel = try session.exec("{ \(writes); } < '\(path)'", pty: nil)
        let output = try channel.readToEnd(deadline: .now + .seconds(120), limit: total + 1)
        XCTAssertTrue(output.reachedEOF, file: file, line: line)
        XCTAssertEqual(output.stdout.count, total, "\(ciphers): bytes received", file: file, line: line)
        if let first = zip(output.stdout, payload).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            XCTFail("\(ciphers): first wrong byte at offset \(first.offset) of \(total)", file: file, line: line)
        }
        XCTAssertEqual(try channel.close().status, 0, file: file, line: line)
    }
}

/// splitmix64: the same bytes for the same seed, so a failure names a reproducible offset.
private struct SeededBytes {
    private var state: UInt64
    private var word: UInt64 = 0
    private var left = 0

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt8 {
        if left == 0 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            word = z ^ (z >> 31)
            left = 8
        }
        defer { word >>= 8; left -= 1 }
        return UInt8(truncatingIfNeeded: word)
    }
}
