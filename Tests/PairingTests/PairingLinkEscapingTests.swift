import XCTest
@testable import Pairing

/// RFC 3986 escaping both ways and format/parse round trips.
final class PairingLinkEscapingTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func sample(name: String = "Ana's build box", session: String? = "work") -> PairingLink {
        PairingLink(id: "abcdefghijklmnopqrstuw", computerName: name, user: "dev", platform: .unix,
                    addresses: ["box.tail1234.ts.net", "100.101.102.103", "fd7a:115c:a1e0::7"], port: 2222,
                    hostKeyFingerprints: ["SHA256:" + String(repeating: "x", count: 40) + "+/w",
                                          "SHA256:" + String(repeating: "Y", count: 43)],
                    seed: (0..<32).map { UInt8(255 - $0) }, expiry: 1_800_000_600, session: session)
    }

    func testFormatEscapesSpaceAsPercent20AndKeepsCommaAndColon() {
        let text = sample().format()
        XCTAssertTrue(text.hasPrefix("herdr://pair?v=1&id=abcdefghijklmnopqrstuw&n=Ana%27s%20build%20box&u=dev&os=unix&"), text)
        XCTAssertTrue(text.contains("&h=box.tail1234.ts.net,100.101.102.103,fd7a:115c:a1e0::7&p=2222&"), text)
        XCTAssertTrue(text.contains("&fp=SHA256:" + String(repeating: "x", count: 40) + "%2B%2Fw,SHA256:"), text)
        XCTAssertTrue(text.hasSuffix("&x=1800000600&s=work"), text)
        XCTAssertFalse(text.contains("+"), text)
    }

    func testFormatEscapesNonASCIIAsUTF8Bytes() {
        XCTAssertTrue(sample(name: "Müller & Co=1").format().contains("&n=M%C3%BCller%20%26%20Co%3D1&"))
    }

    func testFieldOrderIsTheProtocolsAndSessionIsLastWhenPresent() {
        let keys = sample().format().dropFirst("herdr://pair?".count).split(separator: "&").map { $0.split(separator: "=")[0] }
        XCTAssertEqual(keys, ["v", "id", "n", "u", "os", "h", "p", "fp", "k", "x", "s"])
        XCTAssertFalse(sample(session: nil).format().contains("&s="))
    }

    func testSeedIsUnpaddedBase64URL() {
        let k = sample().format().split(separator: "&").first { $0.hasPrefix("k=") }!.dropFirst(2)
        XCTAssertEqual(k, "__79_Pv6-fj39vX08_Lx8O_u7ezr6uno5-bl5OPi4eA")
    }

    func testParsingTakesPlusLiterallyAndPercent20AsSpace() throws {
        var text = sample().format().replacingOccurrences(of: "%2B", with: "+")
        text = text.replacingOccurrences(of: "Ana%27s%20build%20box", with: "a+b%20c")
        let link = try PairingLink.parse(text, now: now)
        XCTAssertEqual(link.computerName, "a+b c")
        XCTAssertEqual(link.hostKeyFingerprints[0], "SHA256:" + String(repeating: "x", count: 40) + "+/w")
    }

    func testLowercaseHexEscapesAreRead() throws {
        let text = sample(name: "ü").format().replacingOccurrences(of: "%C3%BC", with: "%c3%bc")
        XCTAssertEqual(try PairingLink.parse(text, now: now).computerName, "ü")
    }

    func testRoundTripKeepsEveryField() throws {
        for name in ["Ana's build box", "a+b", "100% ok", "日本のマシン", "x", "tab?no#hash&amp=", String(repeating: "z", count: 64)] {
            for session in [nil, "work", "a.b"] as [String?] {
                let link = sample(name: name, session: session)
                XCTAssertEqual(try PairingLink.parse(link.format(), now: now), link, name)
            }
        }
    }

    /// The herdr app refuses a link with a fragment, so Drover does too.
    func testAFragmentIsRefused() throws {
        XCTAssertThrowsError(try PairingLink.parse(sample().format() + "#s=other", now: now)) { error in
            XCTAssertEqual(error as? PairingLinkError, .hasFragment)
        }
    }
}
