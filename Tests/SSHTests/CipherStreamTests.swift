import Foundation
import XCTest
import SSH
import TestSupport

/// Every kind of cipher libssh2's packet reader decrypts carries a stream byte for byte (ADR
/// 0037: Drover's build decrypts a packet's middle blocks in one call). The host sends a file in
/// writes of awkward sizes (channel data of 1, 15, 17 bytes: ending mid-block; runs past the
/// 32 KB packet limit, read in pieces) through a real sshd using one cipher and MAC each: AEAD,
/// counter mode with and without encrypt-then-MAC, and CBC with 16- and 8-byte blocks, allowed
/// as a host may allow them.
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

    func testAllowedCBCCiphersCarryTheStream() throws {
        try checkStream(ciphers: "aes128-cbc", macs: "hmac-sha2-256", legacy: ["aes128-cbc"])
        try checkStream(ciphers: "aes256-cbc", macs: "hmac-sha2-256-etm@openssh.com", legacy: ["aes256-cbc"])
        try checkStream(ciphers: "3des-cbc", macs: "hmac-sha2-256", legacy: ["3des-cbc"])
    }

    /// A file of seeded random bytes, sent by the host in writes of each of `sizes`, must arrive whole.
    private func checkStream(ciphers: String, macs: String?, legacy: [String] = [],
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let fixture = try SSHFixture(extraConfig: ["Ciphers \(ciphers)"] + (macs.map { ["MACs \($0)"] } ?? []))
        defer { fixture.tearDown() }
        let total = Self.sizes.reduce(0, +)
        let (path, payload) = try CipherPayload.write(bytes: total, seed: ciphers, in: fixture)
        var options = SSHOptions()
        options.legacyAlgorithms = legacy
        let session = try fixture.session(options: options)
        XCTAssertEqual(session.negotiatedAlgorithms.ciphers, [ciphers], file: file, line: line)
        if let macs { XCTAssertEqual(session.negotiatedAlgorithms.macs, [macs], file: file, line: line) }
        // GNU head -c reads no more than it was asked for, so each takes the next piece of the file.
        let writes = Self.sizes.map { "head -c \($0)" }.joined(separator: "; ")
        let channel = try session.exec("{ \(writes); } < '\(path)'", pty: nil)
        let output = try channel.readToEnd(deadline: .now + .seconds(120), limit: total + 1)
        XCTAssertTrue(output.reachedEOF, file: file, line: line)
        XCTAssertEqual(output.stdout.count, total, "\(ciphers): bytes received", file: file, line: line)
        if let wrong = CipherPayload.firstDifference(output.stdout, payload) {
            XCTFail("\(ciphers): first wrong byte at offset \(wrong) of \(total)", file: file, line: line)
        }
        XCTAssertEqual(try channel.close().status, 0, file: file, line: line)
    }
}

/// The seeded file a cipher test has the host send, and how a received stream is compared with it.
enum CipherPayload {
    /// Writes `bytes` seeded random bytes (the seed from `seed`'s text) into the fixture's
    /// directory; returns the path and the bytes.
    static func write(bytes: Int, seed: String, in fixture: SSHFixture) throws -> (String, [UInt8]) {
        var generator = SeededRandom(seed: seed.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) })
        var payload: [UInt8] = []
        payload.reserveCapacity(bytes + 8)
        while payload.count < bytes {
            withUnsafeBytes(of: generator.next()) { payload += $0 }
        }
        payload.removeLast(payload.count - bytes)
        let path = fixture.sshd.directory.file("payload")
        try Data(payload).write(to: URL(fileURLWithPath: path))
        return (path, payload)
    }

    /// The first offset where `received` differs from `sent`'s prefix of its length; nil if none.
    static func firstDifference(_ received: [UInt8], _ sent: [UInt8]) -> Int? {
        if received.count > sent.count { return sent.count }
        return zip(received, sent).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    }
}
