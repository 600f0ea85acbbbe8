import XCTest
import TestSupport

/// `drover pair-host --clean` removes the expired one-time key lines and pairing state files a
/// killed run left, and nothing else (PairingLeftoversTests has the rules).
final class PairHostCleanCLITests: XCTestCase {
    func testCleanRemovesOnlyTheExpiredLeftovers() throws {
        let dir = try TemporaryDirectory(prefix: "drover-pairhost-clean")
        defer { dir.remove() }
        let home = dir.file("root"), keys = dir.file("authorized_keys"), state = dir.file("state")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let expired = "restrict,expiry-time=\"20200101000000\",from=\"127.0.0.1\",command=\"true\" ssh-ed25519 AAAA herdr-pair:ZGVhZGJlZWZkZWFkYmVlZg"
        try "ssh-ed25519 AAAAmine me@laptop\n\(expired)\n".write(toFile: keys, atomically: true, encoding: .utf8)
        try "1577836800\n".write(toFile: state + "/ZGVhZGJlZWZkZWFkYmVlZg.offer", atomically: true, encoding: .utf8)
        let r = try DroverBinary.run(["pair-host", "--clean", "--test-state", state, "--test-authorized-keys", keys],
                                     home: home, environment: ["DROVER_PAIR_TEST": "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "Removed 1 expired one-time key line(s) from authorized_keys and the state files of 1 expired pairing offer(s).\n")
        XCTAssertEqual(try String(contentsOfFile: keys, encoding: .utf8), "ssh-ed25519 AAAAmine me@laptop\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: state + "/ZGVhZGJlZWZkZWFkYmVlZg.offer"))
        let mixed = try DroverBinary.run(["pair-host", "--clean", "--link"], home: home)
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(mixed.stderr.hasPrefix("drover: --clean only removes what killed runs left and offers no code; leave out --link"), mixed.stderr)
    }
}
