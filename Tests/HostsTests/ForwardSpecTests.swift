import XCTest
@testable import Hosts

/// `--forward [BIND:]LPORT:HOST:RPORT`: what parses, what is refused and why.
final class ForwardSpecTests: XCTestCase {
    func testFormsParseAsSshDoes() throws {
        let plain = try XCTUnwrap(ForwardSpec("8080:localhost:80"))
        XCTAssertEqual([plain.bind, plain.host], ["127.0.0.1", "localhost"])
        XCTAssertEqual([plain.localPort, plain.remotePort], [8080, 80])
        XCTAssertTrue(plain.isLoopback)
        XCTAssertEqual(plain.description, "127.0.0.1:8080:localhost:80")
        XCTAssertEqual(plain.summary, "8080 → localhost:80")
        let v6 = try XCTUnwrap(ForwardSpec("[::1]:8443:[2001:db8::5]:443"))
        XCTAssertEqual([v6.bind, v6.host], ["::1", "2001:db8::5"])
        XCTAssertTrue(v6.isLoopback)
        XCTAssertEqual(v6.description, "[::1]:8443:[2001:db8::5]:443")
        XCTAssertTrue(try XCTUnwrap(ForwardSpec("localhost:1:db.internal:5432")).isLoopback)
        XCTAssertTrue(try XCTUnwrap(ForwardSpec("127.0.0.2:1:h:2")).isLoopback)
        XCTAssertFalse(try XCTUnwrap(ForwardSpec("0.0.0.0:8080:localhost:80")).isLoopback)
        XCTAssertFalse(try XCTUnwrap(ForwardSpec("192.168.1.5:8080:localhost:80")).isLoopback)
    }

    func testMalformedForwardsAreRefused() {
        for text in ["", "8080", "8080:localhost", "0:h:80", "8080:h:70000", "x:h:80", "8080:h:y", "a.b:8080:h:80",
                     "1:2:3:4:5", "8080:bad host:80", "[::1:8080:h:80"] {
            XCTAssertNil(ForwardSpec(text), text)
            XCTAssertThrowsError(try ForwardSpec.parseAll([text], allowPublic: true), text) { error in
                XCTAssertEqual((error as? HostValidationError)?.field, "forward", text)
            }
        }
    }

    func testAPublicBindNeedsPermissionAndAPortIsForwardedOnce() throws {
        XCTAssertThrowsError(try ForwardSpec.parseAll(["0.0.0.0:8080:localhost:80"], allowPublic: false)) { error in
            XCTAssertEqual(error as? ForwardSpecError, .publicBind("0.0.0.0:8080:localhost:80"))
            XCTAssertTrue("\(error)".contains("--forward-public"))
        }
        XCTAssertEqual(try ForwardSpec.parseAll(["0.0.0.0:8080:localhost:80"], allowPublic: true).count, 1)
        XCTAssertThrowsError(try ForwardSpec.parseAll(["8080:a:1", "127.0.0.1:8080:b:2"], allowPublic: false))
        XCTAssertEqual(try ForwardSpec.parseAll(["8080:a:1", "8081:b:2"], allowPublic: false).map(\.localPort), [8080, 8081])
        XCTAssertThrowsError(try ForwardSpec.parseAll((1...17).map { "\($0):h:1" }, allowPublic: false), "at most 16")
    }

    func testStoredForwardsAreCheckedWithTheHost() {
        var host = HostEntry(name: "web", hostname: "web.lan", user: "ann")
        host.forward = ["8080:localhost:80"]
        XCTAssertNoThrow(try host.validate())
        host.forward = ["0.0.0.0:8080:localhost:80"]
        XCTAssertThrowsError(try host.validate(), "a public forward needs forwardPublic")
        host.forwardPublic = true
        XCTAssertNoThrow(try host.validate())
    }
}
