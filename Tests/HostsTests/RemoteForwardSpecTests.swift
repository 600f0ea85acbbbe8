import Foundation
import XCTest
@testable import Hosts

/// `-R/--remote-forward [BIND:]RPORT:HOST:LPORT`: what parses, what is refused, and the
/// registry field (`remoteForward`), which old files lack and which is written only when set.
final class RemoteForwardSpecTests: XCTestCase {
    func testFormsParseAsSshDoes() throws {
        let plain = try XCTUnwrap(RemoteForwardSpec("18081:127.0.0.1:8000"))
        XCTAssertEqual([plain.bind, plain.host], ["localhost", "127.0.0.1"])
        XCTAssertEqual([plain.remotePort, plain.localPort], [18081, 8000])
        XCTAssertEqual(plain.description, "localhost:18081:127.0.0.1:8000")
        XCTAssertEqual(plain.summary, "remote 18081 → 127.0.0.1:8000")
        let v6 = try XCTUnwrap(RemoteForwardSpec("[::1]:8443:[2001:db8::5]:443"))
        XCTAssertEqual([v6.bind, v6.host], ["::1", "2001:db8::5"])
        XCTAssertEqual(v6.description, "[::1]:8443:[2001:db8::5]:443")
        XCTAssertEqual(try XCTUnwrap(RemoteForwardSpec("0.0.0.0:80:web.lan:8080")).bind, "0.0.0.0")
    }

    func testMalformedRemoteForwardsAreRefused() {
        for text in ["", "8080", "8080:localhost", "0:h:80", "8080:h:70000", "x:h:80", "8080:h:y",
                     "1:2:3:4:5", "8080:bad host:80", "[::1:8080:h:80"] {
            XCTAssertNil(RemoteForwardSpec(text), text)
            XCTAssertThrowsError(try RemoteForwardSpec.parseAll([text]), text) { error in
                XCTAssertEqual((error as? HostValidationError)?.field, "remoteForward", text)
            }
        }
        XCTAssertThrowsError(try RemoteForwardSpec.parseAll(["8080:a:1", "localhost:8080:b:2"]), "one port, once")
        XCTAssertThrowsError(try RemoteForwardSpec.parseAll((1...17).map { "\($0):h:1" }), "at most 16")
    }

    func testTheRegistryFieldRoundTripsIsLeftOutWhenUnsetAndIsChecked() throws {
        var host = HostEntry(name: "box", hostname: "box.lan", user: "ada")
        XCTAssertFalse(String(decoding: try HostsFile.encode(HostList([host])), as: UTF8.self).contains("remoteForward"))
        host.remoteForward = ["localhost:18081:127.0.0.1:8000"]
        let text = String(decoding: try HostsFile.encode(HostList([host])), as: UTF8.self)
        XCTAssertEqual(try HostsFile.decode(Data(text.utf8), localUser: "ada").get().hosts, [host])
        XCTAssertNoThrow(try host.validate())
        host.remoteForward = ["18081:nowhere"]
        XCTAssertThrowsError(try host.validate()) { XCTAssertEqual(($0 as? HostValidationError)?.field, "remoteForward") }
    }
}
