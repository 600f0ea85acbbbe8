import XCTest
@testable import SSH

/// `USER@HOST[:PORT]` parsing and host key fingerprints.
final class EndpointTests: XCTestCase {
    func testParsesUserHostAndPort() {
        XCTAssertEqual(SSHEndpoint.parse("ann@box:2222", defaultUser: nil), SSHEndpoint(host: "box", port: 2222, user: "ann"))
        XCTAssertEqual(SSHEndpoint.parse("box", defaultUser: "bob"), SSHEndpoint(host: "box", port: 22, user: "bob"))
        XCTAssertEqual(SSHEndpoint.parse("ann@[::1]:2200", defaultUser: nil), SSHEndpoint(host: "::1", port: 2200, user: "ann"))
        XCTAssertEqual(SSHEndpoint.parse("ann@fe80::1", defaultUser: nil), SSHEndpoint(host: "fe80::1", port: 22, user: "ann"))
        XCTAssertEqual(SSHEndpoint.parse("a@b@box", defaultUser: "bob"), SSHEndpoint(host: "box", port: 22, user: "a@b"))
    }

    func testRejectsMalformedEndpoints() {
        for text in ["box", "ann@", "ann@box:0", "ann@box:x", "ann@[::1", "ann@[::1]x", "@box",
                     "ann@box:65536", "ann@[]:22", "ann@:22", "ann@b x", "ann@b/x", "ann@[::1]:"] {
            XCTAssertNil(SSHEndpoint.parse(text, defaultUser: nil), text)
        }
    }

    func testHostAndPortOmitsDefaultPortAndBracketsIPv6() {
        XCTAssertEqual(SSHEndpoint(host: "box", user: "u").hostAndPort, "box")
        XCTAssertEqual(SSHEndpoint(host: "box", port: 2222, user: "u").hostAndPort, "box:2222")
        XCTAssertEqual(SSHEndpoint(host: "::1", port: 2222, user: "u").hostAndPort, "[::1]:2222")
    }

    func testFingerprintIsUnpaddedBase64OfDigest() {
        XCTAssertEqual(PresentedHostKey.fingerprint(sha256: [UInt8](repeating: 0, count: 32)),
                       "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
    }
}
