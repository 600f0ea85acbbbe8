import Hosts
import XCTest
@testable import Pairing

/// Every row of the protocol's link table, missing and duplicated fields, and expiry.
final class PairingLinkTests: XCTestCase {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let fingerprint = "SHA256:" + String(repeating: "A", count: 41) + "+A"
    static let seed = (0..<32).map { UInt8($0) }

    /// A valid link with the fields in order, each overridable (nil removes it).
    static func link(_ overrides: [String: String?] = [:], extra: String = "") -> String {
        var fields: [(String, String?)] = [
            ("v", "1"), ("id", "abcdefghijklmnopqrstuw"), ("n", "build%20box"), ("u", "dev"), ("os", "unix"),
            ("h", "box.tail1234.ts.net,box,100.101.102.103"), ("p", "22"),
            ("fp", fingerprint.replacingOccurrences(of: "+", with: "%2B")),
            ("k", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"), ("x", "1800000300"), ("s", "work"),
        ]
        for (key, value) in overrides {
            if let index = fields.firstIndex(where: { $0.0 == key }) { fields[index].1 = value } else { fields.append((key, value)) }
        }
        return "herdr://pair?" + fields.compactMap { key, value in value.map { "\(key)=\($0)" } }.joined(separator: "&") + extra
    }

    func parse(_ text: String) throws -> PairingLink { try PairingLink.parse(text, now: Self.now) }

    func assertRefused(_ text: String, _ expected: PairingLinkError, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(text), file: file, line: line) { error in
            XCTAssertEqual(error as? PairingLinkError, expected, file: file, line: line)
        }
    }

    func assertInvalid(_ field: String, _ value: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(Self.link([field: value])), value, file: file, line: line) { error in
            guard case .invalidField(let named, _)? = error as? PairingLinkError, named == field else {
                return XCTFail("\(error)", file: file, line: line)
            }
        }
    }

    func testValidLinkYieldsEveryField() throws {
        let link = try parse(Self.link())
        XCTAssertEqual(link.id, "abcdefghijklmnopqrstuw")
        XCTAssertEqual(link.computerName, "build box")
        XCTAssertEqual(link.user, "dev")
        XCTAssertEqual(link.platform, .unix)
        XCTAssertEqual(link.addresses, ["box.tail1234.ts.net", "box", "100.101.102.103"])
        XCTAssertEqual(link.port, 22)
        XCTAssertEqual(link.hostKeyFingerprints, [Self.fingerprint])
        XCTAssertEqual(link.seed, Self.seed)
        XCTAssertEqual(link.expiry, 1_800_000_300)
        XCTAssertEqual(link.session, "work")
    }

    func testPrintingOrDumpingALinkNeverShowsItsSeed() throws {
        let link = try parse(Self.link())
        let encodedSeed = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
        var dumped = ""
        dump(link, to: &dumped)
        for text in ["\(link)", String(describing: link), String(reflecting: link), dumped] {
            XCTAssertTrue(text.contains("<redacted>"), text)
            XCTAssertFalse(text.contains(encodedSeed), "the seed in base64url")
            XCTAssertFalse(text.contains("\(Self.seed)"), "the seed's bytes")
            XCTAssertTrue(text.contains("build box"), "the rest stays readable")
        }
    }

    func testNotAPairingLinkIsRefused() {
        assertRefused("https://pair?v=1", .notAPairingLink)
        assertRefused("herdr://pairing?v=1", .notAPairingLink)
        assertRefused("", .notAPairingLink)
    }

    func testSchemeIsCaseInsensitive() throws {
        XCTAssertNoThrow(try parse("HERDR" + Self.link().dropFirst(5)))
    }

    func testEachRequiredFieldMissingIsNamed() {
        for field in ["v", "id", "n", "u", "os", "h", "p", "fp", "k", "x"] {
            assertRefused(Self.link([field: nil]), .missingField(field))
        }
    }

    func testMissingFieldMessageNamesTheField() {
        XCTAssertThrowsError(try parse(Self.link(["h": nil]))) { error in
            XCTAssertTrue("\(error)".hasPrefix("missing field h"), "\(error)")
        }
    }

    func testDuplicatedFieldIsNamed() {
        assertRefused(Self.link(extra: "&p=22"), .duplicatedField("p"))
        assertRefused(Self.link(extra: "&s=work"), .duplicatedField("s"))
        XCTAssertThrowsError(try parse(Self.link(extra: "&p=23"))) { XCTAssertTrue("\($0)".hasPrefix("duplicated field p")) }
    }

    func testSessionIsOptional() throws {
        XCTAssertNil(try parse(Self.link(["s": nil])).session)
    }

    func testUnknownKeysAreIgnoredEvenTwice() throws {
        let link = try parse(Self.link(extra: "&cmd=rm%20-rf%20~&cmd=again&zz&=x"))
        XCTAssertEqual(link, try parse(Self.link()))
    }

    func testVersionMustBeExactlyOne() {
        assertRefused(Self.link(["v": "2"]), .unsupportedVersion("2"))
        assertRefused(Self.link(["v": "01"]), .unsupportedVersion("01"))
        assertRefused(Self.link(["v": ""]), .unsupportedVersion(""))
        assertRefused(Self.link(["v": "1%1B"]), .unsupportedVersion("?"))
    }

    func testIdIs16BytesOfCanonicalBase64URL() {
        for bad in ["abcdefghijklmnopqrstu", "abcdefghijklmnopqrstuvw", "abcdefghijklmnopqrstu%2B", "abcdefghijklmnopqrst%3D%3D",
                    "abcdefghijklmnopqrstu_", "abcdefghijklmnopqrstuw%3D%3D"] {
            assertRefused(Self.link(["id": bad]), .invalidField("id", "not 16 bytes of canonical base64url (22 characters)"))
        }
        XCTAssertNoThrow(try parse(Self.link(["id": "ABCDEFGHIJ0123456789-w"])))
    }

    /// As in the herdr app, `n` is at most 64 characters of anything; Drover shows it escaped.
    func testComputerNameIsAtMostSixtyFourCharactersAndShownEscaped() throws {
        XCTAssertEqual(try parse(Self.link(["n": String(repeating: "%C3%A9", count: 64)])).computerName,
                       String(repeating: "é", count: 64))
        assertInvalid("n", String(repeating: "a", count: 65))
        XCTAssertEqual(try parse(Self.link(["n": ""])).shownComputerName, "(unnamed computer)")
        XCTAssertEqual(try parse(Self.link(["n": "evil%1B%5B2J"])).shownComputerName, "evil\\u{1b}[2J")
        XCTAssertEqual(try parse(Self.link(["n": "a%0Ab"])).shownComputerName, "a\\nb")
        XCTAssertEqual(try parse(Self.link(["n": "live%E2%80%AEexe"])).shownComputerName, "live\\u{202e}exe")
    }

    func testUserRefusesWhitespaceControlsAndLength() {
        XCTAssertNoThrow(try parse(Self.link(["u": String(repeating: "u", count: 64)])))
        for bad in ["", "a%20b", "a%09b", "a%00", "a%E2%80%8Bb", "a%C2%A0b", String(repeating: "u", count: 65)] {
            assertInvalid("u", bad)
        }
    }

    func testPlatformIsUnixOrWindows() throws {
        XCTAssertEqual(try parse(Self.link(["os": "windows"])).platform, .windows)
        assertRefused(Self.link(["os": "Unix"]), .invalidField("os", "must be unix or windows"))
        assertRefused(Self.link(["os": "mac"]), .invalidField("os", "must be unix or windows"))
    }

    /// The link's `os` and the registry's `platform` are one enum: each value reads from the
    /// link, writes back into it and into hosts.json as the same bytes.
    func testLinkOsAndHostsPlatformShareTheirValues() throws {
        for platform in Platform.allCases {
            let link = try parse(Self.link(["os": platform.rawValue]))
            XCTAssertEqual(link.platform, platform)
            XCTAssertTrue(link.format().contains("&os=\(platform.rawValue)&"))
            XCTAssertEqual(String(decoding: try JSONEncoder().encode([platform]), as: UTF8.self), "[\"\(platform.rawValue)\"]")
        }
        XCTAssertEqual(Platform.allCases.map(\.rawValue), ["unix", "windows"])
    }

    func testAddressesAreOneToFourEntries() throws {
        XCTAssertEqual(try parse(Self.link(["h": "a,b,c,fd7a:115c:a1e0::1"])).addresses, ["a", "b", "c", "fd7a:115c:a1e0::1"])
        assertRefused(Self.link(["h": "a,b,c,d,e"]), .invalidField("h", "needs 1 to 4 comma-separated addresses"))
        for bad in ["", "a,,b", "a%20b", "-oProxyCommand=x", "a,"] { assertInvalid("h", bad) }
    }

    func testPortIsOneTo65535() throws {
        XCTAssertEqual(try parse(Self.link(["p": "65535"])).port, 65535)
        XCTAssertEqual(try parse(Self.link(["p": "1"])).port, 1)
        for bad in ["0", "65536", "-22", "%2B22", "+22", "22a", "", "999999999999999999999"] {
            assertRefused(Self.link(["p": bad]), .invalidField("p", "not a port number from 1 to 65535"))
        }
    }

    func testFingerprintsAreOneToThreeSHA256() throws {
        let other = "SHA256:" + String(repeating: "b", count: 41) + "%2Fw"
        XCTAssertEqual(try parse(Self.link(["fp": "\(Self.fingerprint),\(other),\(other)"])).hostKeyFingerprints.count, 3)
        assertRefused(Self.link(["fp": "\(other),\(other),\(other),\(other)"]),
                      .invalidField("fp", "needs 1 to 3 comma-separated fingerprints"))
        for bad in ["MD5:" + String(repeating: "a", count: 43), "SHA256:" + String(repeating: "a", count: 42),
                    "SHA256:" + String(repeating: "a", count: 44), "SHA256:" + String(repeating: "a", count: 42) + "-",
                    "SHA256:" + String(repeating: "a", count: 42) + "B", ""] {
            assertRefused(Self.link(["fp": bad]), .invalidField("fp", "not a SHA256 fingerprint"))
        }
        XCTAssertThrowsError(try parse(Self.link(["fp": "nope"]))) { XCTAssertTrue("\($0)".hasPrefix("fp: not a SHA256 fingerprint")) }
    }

    func testSeedIsExactly32BytesOfCanonicalBase64URL() throws {
        XCTAssertEqual(try parse(Self.link()).seed, Self.seed)
        let refusal = PairingLinkError.invalidField("k", "not a 32-byte key in canonical unpadded base64url")
        assertRefused(Self.link(["k": "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8%3D"]), refusal)
        assertRefused(Self.link(["k": "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh9"]), refusal)
        assertRefused(Self.link(["k": "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHg"]), refusal)
        assertRefused(Self.link(["k": "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gIQ"]), refusal)
        assertRefused(Self.link(["k": "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh%2B"]), refusal)
    }

    func testExpiryInThePastIsRefusedWithMinutes() {
        assertRefused(Self.link(["x": "1799999820"]), .expired(secondsAgo: 180))
        XCTAssertThrowsError(try parse(Self.link(["x": "1799999820"]))) { error in
            XCTAssertEqual("\(error)", "the code expired 3 minutes ago; run the pairing command again")
        }
        XCTAssertThrowsError(try parse(Self.link(["x": "1799999999"]))) { error in
            XCTAssertEqual("\(error)", "the code expired 1 second ago; run the pairing command again")
        }
        XCTAssertThrowsError(try parse(Self.link(["x": "1800000000"])), "an expiry equal to now has expired") { error in
            XCTAssertEqual("\(error)", "the code has just expired; run the pairing command again")
        }
    }

    func testExpiryAtMostFifteenMinutesAhead() throws {
        XCTAssertNoThrow(try parse(Self.link(["x": "1800000900"])))
        XCTAssertNoThrow(try parse(Self.link(["x": "1800000001"])))
        assertRefused(Self.link(["x": "1800000000"]), .expired(secondsAgo: 0))
        assertRefused(Self.link(["x": "1800000901"]), .expiryTooFarAhead(seconds: 901))
        XCTAssertThrowsError(try parse(Self.link(["x": "1800000901"]))) { error in
            XCTAssertEqual("\(error)", "x: the code says it stays valid for another 901 seconds, but a code may stay valid "
                           + "for at most 900 seconds (15 minutes); check the clocks of this device and the computer, "
                           + "then run the pairing command again")
        }
        for bad in ["", "-5", "1.5", "18e8"] {
            assertRefused(Self.link(["x": bad]), .invalidField("x", "not a time in Unix seconds"))
        }
    }

    func testSessionFollowsHerdrRule() throws {
        XCTAssertEqual(try parse(Self.link(["s": "a.b_c-D9"])).session, "a.b_c-D9")
        for bad in ["", ".", "..", "a%20b", "a/b", String(repeating: "s", count: 65)] { assertInvalid("s", bad) }
    }

    /// Issue 9 item 13: herdr would read a session named `-h` or `--help` as an option.
    func testSessionMayNotStartWithADash() throws {
        for bad in ["-", "-h", "--help", "-work"] {
            assertRefused(Self.link(["s": bad]), .invalidField("s", PairingFieldRules.sessionNameRule))
        }
        XCTAssertEqual(try parse(Self.link(["s": "work-"])).session, "work-")
        XCTAssertTrue(PairingFieldRules.sessionNameRule.contains("not starting with -"))
    }

    /// As the app's URL parser: a `%` without two hex digits after it is a plain `%`, and then
    /// so is every other `%` of the query (here the `%2B` of `fp`, which stops being a `+`).
    func testAStrayPercentIsReadLiterallyAndSoIsEveryOtherPercent() throws {
        let plainFingerprint = Self.fingerprint
        for (name, read) in [("a%2", "a%2"), ("a%zz", "a%zz"), ("100%", "100%"), ("%%41", "%%41")] {
            XCTAssertEqual(try parse(Self.link(["n": name, "fp": plainFingerprint])).computerName, read)
            assertInvalid("fp", "not a SHA256 fingerprint", inLink: Self.link(["n": name]))
        }
        assertRefused(Self.link(["n": "%FF"]), .invalidField("n", "its %-escapes are not UTF-8 text"))
    }

    /// A host written with a port is told so, not that it is a bad IPv6 address.
    func testAHostWithAPortIsToldAHostMayNotCarryOne() {
        for (host, shown) in [("pc:22", "pc:22"), ("100.64.0.1:22", "100.64.0.1:22"), ("%5Bfd7a:115c:a1e0::1%5D:22", "[fd7a:115c:a1e0::1]:22")] {
            for scope in [PairingHostRules.Scope.herdrApp, .beyondTailnet] {
                XCTAssertThrowsError(try PairingLink.parse(Self.link(["h": host]), now: Self.now, hosts: scope), host) { error in
                    XCTAssertEqual(error as? PairingLinkError, .invalidField("h", "'\(shown)' carries a port (22), which a host may not"))
                    XCTAssertFalse("\(error)".contains("IPv6"), "\(error)")
                }
            }
        }
    }

    /// A hand-typed link that lost a `&` (or `&k=`) around the key: no error quotes any part
    /// of the key, whichever field swallowed it.
    func testNoErrorQuotesTheKeyWhenAnAmpersandIsLost() {
        let key = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
        let good = Self.link(["s": nil])
        let broken = [
            good.replacingOccurrences(of: "&k=", with: "k="),
            good.replacingOccurrences(of: "&k=", with: ""),
            good.replacingOccurrences(of: "&h=box.tail1234.ts.net,box,100.101.102.103", with: "")
                .replacingOccurrences(of: "&k=", with: "&h=box.tail1234.ts.netk="),
            good.replacingOccurrences(of: "&h=box.tail1234.ts.net,box,100.101.102.103", with: "")
                .replacingOccurrences(of: "&k=", with: "&h=box,k=") + "&k=" + key,
            good.replacingOccurrences(of: "&h=box.tail1234.ts.net,box,100.101.102.103", with: "")
                .replacingOccurrences(of: "&k=", with: "&h=box%26k%3D") + "&k=" + key,
        ]
        for text in broken {
            for scope in [PairingHostRules.Scope.herdrApp, .beyondTailnet] {
                XCTAssertThrowsError(try PairingLink.parse(text, now: Self.now, hosts: scope)) { error in
                    let message = "\(error)".lowercased()
                    for start in 0...(key.count - 6) {
                        let piece = String(key.dropFirst(start).prefix(6)).lowercased()
                        XCTAssertFalse(message.contains(piece), "'\(piece)' of the key in: \(error)")
                    }
                }
            }
        }
    }

    func assertInvalid(_ field: String, _ problem: String, inLink text: String, line: UInt = #line) {
        assertRefused(text, .invalidField(field, problem), line: line)
    }
}
