import Foundation
import XCTest
@testable import Pairing

/// Drover reads links exactly as the herdr app does: every row of `HerdrAppLinkVectors` has
/// the app's outcome, accepted rows with the app's normalized hosts. The one deliberate
/// difference (a session starting with `-`) is its own test below.
final class HerdrAppLinkVectorTests: XCTestCase {
    typealias V = HerdrAppLinkVectors
    let now = Date(timeIntervalSince1970: TimeInterval(V.now))

    /// How a link's query values are escaped: as Drover writes them (everything but
    /// `A-Z a-z 0-9 - . _ ~ , :`), or as Foundation's `URLComponents` writes query items, which
    /// the app's own tests use (it also keeps `! $ ' ( ) * + / ; ? @` as they are).
    enum Escaping: CaseIterable {
        case drover, foundation

        func escape(_ value: String) -> String {
            guard self == .foundation else { return QueryEscaping.escape(value) }
            var out = ""
            for character in value {
                let kept = character.isASCII && (character.isLetter || character.isNumber || "!$'()*+,-./:;?@_~".contains(character))
                out += kept ? String(character) : QueryEscaping.escape(String(character))
            }
            return out
        }
    }

    static func text(_ change: V.Change, escaping: Escaping = .drover) -> String {
        var fields: [(String, String?)] = V.base.map { ($0.0, $0.1) }
        if case .field(let key, let value) = change {
            if let index = fields.firstIndex(where: { $0.0 == key }) { fields[index].1 = value } else { fields.append((key, value)) }
        }
        if case .duplicate(let key) = change { fields.append((key, V.base.first { $0.0 == key }?.1)) }
        let link = "herdr://pair?" + fields.compactMap { key, value in value.map { "\(key)=\(escaping.escape($0))" } }
            .joined(separator: "&")
        switch change {
        case .field, .duplicate: return link
        case .append(let extra): return link + extra
        case .replace(let old, let new): return link.replacingOccurrences(of: old, with: new)
        case .replaceAll(let pairs):
            return pairs.reduce(link) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        case .totalBytes(let bytes, let rawCharacters):
            let padded = (rawCharacters ? V.rawSpellings.reduce(link) { $0.replacingOccurrences(of: $1.0, with: $1.1) } : link) + "&pad="
            return padded + String(repeating: "x", count: bytes - padded.utf8.count)
        }
    }

    /// The app's outcome class for what Drover did.
    func outcome(of text: String) -> V.Outcome {
        do {
            let link = try PairingLink.parse(text, now: now)
            return .accepted(hosts: link.addresses)
        } catch {
            switch error {
            case .notAPairingLink, .tooLong, .hasFragment: return .notALink
            case .unsupportedVersion: return .unsupportedVersion
            case .missingField(let field): return .missing(field)
            case .duplicatedField(let field): return .duplicated(field)
            case .invalidField(let field, _): return .invalid(field)
            case .hostBeyondTailnet: return .invalid("h")
            case .expiryTooFarAhead: return .invalid("x")
            case .expired: return .expired
            }
        }
    }

    func testEveryVectorHasTheAppsOutcome() {
        let vectors = V.all
        XCTAssertGreaterThanOrEqual(vectors.count, 157, "the table lost rows")
        for escaping in Escaping.allCases {
            for vector in vectors {
                let name = "\(vector.name) (\(escaping))"
                let got = outcome(of: Self.text(vector.change, escaping: escaping))
                switch vector.outcome {
                case .accepted(let hosts):
                    guard case .accepted(let parsed) = got else { XCTFail("\(name): expected accepted, got \(got)"); continue }
                    if let hosts { XCTAssertEqual(parsed, hosts, name) }
                default:
                    XCTAssertEqual(got, vector.outcome, name)
                }
            }
        }
    }

    /// The two escapings differ where the app's tests write raw characters.
    func testFoundationEscapingKeepsWhatURLComponentsKeeps() {
        XCTAssertEqual(Escaping.foundation.escape("SHA256:a+b/c $(x)&y=z’#%"), "SHA256:a+b/c%20$(x)%26y%3Dz%E2%80%99%23%25")
        XCTAssertTrue(Self.text(.field("p", "+22"), escaping: .foundation).contains("&p=+22&"))
    }

    /// Once a `%` of the query is not an escape, the app reads every `%` of it as it stands.
    func testALiteralPercentKeepsEveryEscapeOfTheQueryAsItStands() throws {
        let text = Self.text(.replaceAll([("&n=Ana%E2%80%99s%20Mac", "&n=100%"), ("&u=ana", "&u=a%41"),
                                          ("&h=%20Box.Tail9f8e.ts.net.%20,", "&h="), ("%2F", "/")]))
        let link = try PairingLink.parse(text, now: now)
        XCTAssertEqual(link.computerName, "100%")
        XCTAssertEqual(link.user, "a%41")
        XCTAssertEqual(try PairingLink.parse(text.replacingOccurrences(of: "&n=100%", with: "&n=100%25"), now: now).user, "aA")
    }

    /// The length is the app's: a raw space counts as `%20`, and the refusal says how it counts.
    func testTheLengthIsCountedAsTheAppCountsIt() {
        XCTAssertThrowsError(try PairingLink.parse(Self.text(.totalBytes(8181, rawCharacters: true)), now: now)) { error in
            XCTAssertEqual(error as? PairingLinkError, .tooLong(bytes: 8193))
            XCTAssertTrue("\(error)".contains("8193 bytes (its special characters counted %-escaped)"), "\(error)")
        }
    }

    func testTheBoundaryLinksHaveTheirSizes() {
        XCTAssertEqual(Self.text(.totalBytes(8192)).utf8.count, 8192)
        XCTAssertEqual(V.longName.utf8.count, 253)
        XCTAssertEqual(V.name(bytes: 254).utf8.count, 254)
    }

    /// Every field of the base link means what it means to the app.
    func testTheBaseLinkReadsAsTheAppReadsIt() throws {
        let link = try PairingLink.parse(Self.text(.field("s", "phone")), now: now)
        XCTAssertEqual(link.id, V.id)
        XCTAssertEqual(link.computerName, "Ana’s Mac")
        XCTAssertEqual(link.user, "ana")
        XCTAssertEqual(link.platform, .unix)
        XCTAssertEqual(link.addresses, V.baseHosts)
        XCTAssertEqual(link.port, 22)
        XCTAssertEqual(link.hostKeyFingerprints, [V.fingerprint])
        XCTAssertEqual(link.seed, Array(repeating: 0x5A, count: 32))
        XCTAssertEqual(link.expiry, V.now + 600)
        XCTAssertEqual(link.session, "phone")
        XCTAssertEqual(try PairingLink.parse(link.format(), now: now), link, "what Drover writes reads back the same")
    }

    /// The example: the app's own base hosts, with spaces and a trailing dot.
    func testSpacesCapitalsAndTheRootDotAreNormalized() throws {
        let text = Self.text(.field("h", " Mac.Tail123.ts.net. ,mac,100.64.0.1,fd7a:115c:a1e0::1"))
        XCTAssertTrue(text.contains("h=%20Mac.Tail123.ts.net.%20,mac,"), text)
        XCTAssertEqual(try PairingLink.parse(text, now: now).addresses,
                       ["mac.tail123.ts.net", "mac", "100.64.0.1", "fd7a:115c:a1e0::1"])
    }

    /// Refusals never echo the secret seed.
    func testAnInvalidKeyIsNotRepeatedInTheError() {
        XCTAssertThrowsError(try PairingLink.parse(Self.text(.field("k", "sensitive-invalid-seed")), now: now)) { error in
            XCTAssertFalse("\(error)".contains("sensitive-invalid-seed"), "\(error)")
        }
    }

    /// The expiry is compared on the real-valued clock, as the app compares dates.
    func testExpiryBoundaryWithAFractionalClock() throws {
        let later = Date(timeIntervalSince1970: TimeInterval(V.now) + 0.5)
        XCTAssertThrowsError(try PairingLink.parse(Self.text(.field("x", String(V.now))), now: later))
        XCTAssertNoThrow(try PairingLink.parse(Self.text(.field("x", String(V.now + 1))), now: later))
        XCTAssertNoThrow(try PairingLink.parse(Self.text(.field("x", String(V.now + 900))), now: later))
        XCTAssertThrowsError(try PairingLink.parse(Self.text(.field("x", String(V.now + 901))), now: later))
    }

    /// A host outside the tailnet reads only with --not-for-herdr-app, and the refusal says so.
    func testHostsBeyondTheTailnetNeedTheOption() throws {
        let text = Self.text(.field("h", "192.168.1.20,Box.Lan."))
        XCTAssertThrowsError(try PairingLink.parse(text, now: now)) { error in
            XCTAssertTrue("\(error)".hasSuffix("to pair with it, run: drover pair --not-for-herdr-app -"), "\(error)")
        }
        XCTAssertEqual(try PairingLink.parse(text, now: now, hosts: .beyondTailnet).addresses, ["192.168.1.20", "box.lan"])
        for spelling in ["127.1", "0x7f000001", "[::1]", "pc_name", "pc:22", "büro.lan"] {
            XCTAssertThrowsError(try PairingLink.parse(Self.text(.field("h", spelling)), now: now, hosts: .beyondTailnet),
                                 spelling)
        }
    }

    /// The deliberate difference: the app takes a session starting with `-`, which herdr
    /// would read as an option; Drover refuses it (issue 9 item 13), as pair-host never writes one.
    func testSessionStartingWithADashIsDroversOneDifference() {
        XCTAssertEqual(outcome(of: Self.text(.field("s", "-x"))), .invalid("s"))
    }
}
