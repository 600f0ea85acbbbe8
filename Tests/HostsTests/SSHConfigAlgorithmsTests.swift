import Files
import Hosts
@testable import SSH
import XCTest

/// ssh_config's KexAlgorithms, HostKeyAlgorithms, Ciphers and MACs lines as an import reads
/// them (ADR 0021): weak additions become legacy algorithms, the rest is said.
final class SSHConfigAlgorithmsTests: XCTestCase {
    func testWeakAdditionsAreAllowedAndTheRestIsSaid() {
        XCTAssertEqual(SSHConfigAlgorithms.kind(ofKeyword: "hostkeyalgorithms"), .hostKey)
        XCTAssertNil(SSHConfigAlgorithms.kind(ofKeyword: "pubkeyacceptedalgorithms"))
        func read(_ value: String, _ kind: AlgorithmKind) -> [String] {
            let r = SSHConfigAlgorithms.read(value, kind: kind)
            return r.allow + [r.unfollowed ?? "-"]
        }
        XCTAssertEqual(read("+aes128-cbc, 3DES-CBC,aes128-cbc", .cipher), ["aes128-cbc", "3des-cbc", "-"])
        XCTAssertEqual(read("+aes128-ctr", .cipher), ["-"], "a modern name is offered anyway")
        XCTAssertEqual(read("^ssh-rsa", .hostKey), ["ssh-rsa", "weak ones are offered after the modern ones, not first"])
        XCTAssertEqual(read("+ssh-rsa-cert-v01@openssh.com,umac-64@openssh.com,hmac-sha1", .mac),
                       ["hmac-sha1", "ssh-rsa-cert-v01@openssh.com, umac-64@openssh.com not available in Drover"])
        XCTAssertEqual(read("+aes128-cbc", .mac), ["aes128-cbc not available in Drover"], "a name of another kind")
        XCTAssertEqual(read("aes256-gcm@openssh.com,aes128-cbc", .cipher),
                       ["aes128-cbc", "Drover offers its other modern ones too"], "a whole list restricts; Drover does not")
        XCTAssertEqual(read("-hmac-sha2-512*", .mac), ["Drover still offers hmac-sha2-512-etm@openssh.com, hmac-sha2-512"])
        XCTAssertEqual(read("-hmac-sha1*,arcfour", .mac), ["-"], "removing what Drover never offers is followed")
    }

    /// Without a reading (the default), each line is listed as before; the first of each keyword wins.
    func testTheImportCarriesTheFirstLineOfEachKeyword() throws {
        let parsed = SSHConfigImport.parse("Host old\n  Ciphers +aes128-cbc\n  MACs hmac-sha1\nHost *\n  Ciphers +3des-cbc\n",
                                           files: SSHConfigFiles(home: "/nonexistent-drover-home"))
        let entry = try XCTUnwrap(parsed.entries.first)
        XCTAssertEqual(entry.algorithmLines.map(\.value), ["+aes128-cbc", "hmac-sha1"])
        XCTAssertEqual(entry.notCarriedOver, [])
        var list = HostList()
        let plain = SSHConfigImportPlan.apply(parsed, to: &list, localUser: "me", now: Date())
        XCTAssertEqual(plain.added.first?.notCarriedOver, ["Ciphers (line 2)", "MACs (line 3)"])
        XCTAssertNil(plain.added.first?.host.legacyAlgorithms)

        var again = HostList()
        let read = SSHConfigImportPlan.apply(parsed, to: &again, localUser: "me", now: Date()) { line in
            line.keyword == "ciphers" ? SSHConfigAlgorithmReading(allow: ["aes128-cbc"], unfollowed: nil)
                : SSHConfigAlgorithmReading(allow: ["hmac-sha1"], unfollowed: "why")
        }
        XCTAssertEqual(read.added.first?.host.legacyAlgorithms, ["aes128-cbc", "hmac-sha1"])
        XCTAssertEqual(read.added.first?.notCarriedOver, ["MACs (line 3: why)"])
    }
}
