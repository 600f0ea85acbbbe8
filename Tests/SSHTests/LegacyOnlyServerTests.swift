@testable import SSH
import XCTest

/// What a legacy-only server's message asks to allow (ADR 0021), from the server's lists alone.
final class LegacyOnlyServerTests: XCTestCase {
    /// The command must be one `--legacy-algorithms` accepts: a stored name this libssh2 cannot
    /// do (ssh-dss: Debian's libssh2 is built without DSA) is not repeated in it.
    func testTheNamesToAllowAreOnesTheSettingTakes() throws {
        XCTAssertFalse(SSHAlgorithms.legacyAvailable(.hostKey).contains("ssh-dss"), "this libssh2 has DSA; pick another name")
        let server = try XCTUnwrap(LegacyOnlyServer.diagnose(
            server: [.keyExchange: ["curve25519-sha256"], .cipher: ["3des-cbc", "aes128-cbc"], .mac: ["hmac-sha2-256"]],
            algorithms: SSHAlgorithms(legacy: ["ssh-dss", "rot13", "hmac-sha1"]), host: "old", port: 22))
        XCTAssertEqual(server.offers.map(\.kind), [.cipher])
        XCTAssertEqual(server.allow, ["hmac-sha1", "aes128-cbc"], "kept, then the least weak cipher the server has")
        XCTAssertEqual(try LegacyAlgorithmList.parse(server.allow.joined(separator: ",")), server.allow)
        XCTAssertNil(LegacyOnlyServer.diagnose(server: [.cipher: ["aes128-ctr"]], algorithms: SSHAlgorithms(),
                                               host: "new", port: 22), "something in common: another failure")
    }
}
