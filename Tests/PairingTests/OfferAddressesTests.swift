import Foundation
import XCTest
@testable import Pairing

/// The printer's side of the herdr app's rules: what pair-host puts in a code is spelled as
/// the app spells it and read back by the app's rules, and a host the app would refuse never
/// reaches a code unless --not-for-herdr-app was given.
final class OfferAddressesTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The link pair-host would show for `hosts`, read back by the app's rules.
    func appReading(_ hosts: [String]) throws -> PairingLink {
        let offered = try OfferAddresses(hosts, beyondTailnet: false)
        XCTAssertNil(offered.herdrAppProblem)
        XCTAssertEqual(offered.reach, .tailnet)
        let offer = try PairingOffer.mint(computerName: "Ana’s Mac", user: "ana", platform: .unix,
                                          addresses: offered.addresses, port: 22,
                                          hostKeyFingerprints: ["SHA256:" + String(repeating: "Q", count: 43)],
                                          session: "work", lifetime: PairingOffer.defaultLifetime, now: now)
        return try PairingLink.parse(offer.link.format(), now: now)
    }

    func testMixedCaseAndTheRootDotAreWrittenAsTheAppSpellsThem() throws {
        XCTAssertEqual(try appReading(["Box.Tail9F8E.TS.NET.", "WORK-PC", " 100.64.0.7 "]).addresses,
                       ["box.tail9f8e.ts.net", "work-pc", "100.64.0.7"])
    }

    func testALongestNameIsAccepted() throws {
        let name = HerdrAppLinkVectors.longName
        XCTAssertEqual(name.utf8.count, 253)
        XCTAssertEqual(try appReading([name.uppercased()]).addresses, [name])
    }

    func testIPv6TailnetAddressesAreAccepted() throws {
        XCTAssertEqual(try appReading(["FD7A:115C:A1E0::7", "fd7a:115c:a1e0:ab12:4843:cd96:6258:b240"]).addresses,
                       ["fd7a:115c:a1e0::7", "fd7a:115c:a1e0:ab12:4843:cd96:6258:b240"])
    }

    /// The app does not convert international names (its labels are a-z 0-9 -), so neither
    /// does pair-host: such a name is refused, and the message says what works.
    func testAUnicodeNameIsRefusedWithWhatWorks() {
        for host in ["Büro.tail9f8e.ts.net", "büro"] {
            XCTAssertThrowsError(try OfferAddresses([host], beyondTailnet: false), host) { error in
                XCTAssertTrue("\(error)".contains("other than ASCII letters, digits"), "\(error)")
                XCTAssertTrue("\(error)".contains("the MagicDNS name"), "\(error)")
            }
        }
    }

    func testHostsOutsideTheTailnetAreRefusedWithoutTheOption() {
        for host in ["192.168.1.20", "127.0.0.1", "localhost.localdomain", "example.com", "fd00::1"] {
            XCTAssertThrowsError(try OfferAddresses([host], beyondTailnet: false), host) { error in
                XCTAssertTrue("\(error)".contains("so the herdr app would refuse the code"), "\(error)")
                XCTAssertTrue("\(error)".contains("add --not-for-herdr-app"), "\(error)")
            }
        }
    }

    /// The refusal suggests the option only where the option would work: a malformed host, or
    /// an address outside the tailnet and the private LANs, is refused with it too.
    func testTheOptionIsSuggestedOnlyWhereItWouldWork() throws {
        for host in ["", "pc..ts.net", "pc_name", "0x7f000001", "[fd7a:115c:a1e0::1]", "8.8.8.8", "2001:db8::1",
                     HerdrAppLinkVectors.name(bytes: 254), String(repeating: "l", count: 64) + ".tail42.ts.net"] {
            XCTAssertThrowsError(try OfferAddresses([host], beyondTailnet: false), host) { error in
                XCTAssertTrue("\(error)".contains("so the herdr app would refuse the code"), "\(error)")
                XCTAssertFalse("\(error)".contains("not-for-herdr-app"), "\(error)")
            }
            XCTAssertThrowsError(try OfferAddresses([host], beyondTailnet: true), host)
        }
        for host in ["192.168.1.20", "example.com", "fd00::1", "127.0.0.1"] {
            XCTAssertThrowsError(try OfferAddresses([host], beyondTailnet: false), host) { error in
                XCTAssertTrue("\(error)".contains("add --not-for-herdr-app (the herdr app will not accept that code; the other "
                                                  + "computer pairs with 'drover pair --not-for-herdr-app -' or 'drover pair "
                                                  + "--not-for-herdr-app --scan PICTURE')"), "\(error)")
            }
            XCTAssertNoThrow(try OfferAddresses([host], beyondTailnet: true), host)
        }
    }

    /// `host:port` is told where the port goes, with or without the option, whatever the host.
    func testAHostWithAPortIsToldThePortGoesInPort() {
        let cases = [("192.168.1.20:22", "192.168.1.20", "22"), ("100.64.0.1:22", "100.64.0.1", "22"),
                     ("Box.ts.net:2222", "box.ts.net", "2222"), ("[fd7a:115c:a1e0::1]:22", "fd7a:115c:a1e0::1", "22")]
        for (given, host, port) in cases {
            for beyondTailnet in [false, true] {
                XCTAssertThrowsError(try OfferAddresses([given], beyondTailnet: beyondTailnet), given) { error in
                    XCTAssertEqual("\(error)", "'\(given.lowercased())' carries a port: give the address alone with --host "
                                   + "and the port with --port (--host \(host) --port \(port))")
                }
            }
        }
    }

    /// With the option, a LAN address goes in the code, the one-time key also admits the
    /// private ranges, and the reason the app would refuse the code is kept for the warning.
    func testTheOptionAllowsPrivateLANAddresses() throws {
        let offered = try OfferAddresses(["192.168.1.20", "Box.LAN."], beyondTailnet: true)
        XCTAssertEqual(offered.addresses, ["192.168.1.20", "box.lan"])
        XCTAssertEqual(offered.reach, .privateLAN)
        XCTAssertEqual(offered.herdrAppProblem, "'192.168.1.20' is outside Tailscale's IPv4 range 100.64.0.0/10")
        XCTAssertNil(try OfferAddresses(["box"], beyondTailnet: true).herdrAppProblem)
    }

    func testTheOptionStillRefusesPublicAddressesAndResolverSpellings() {
        for host in ["203.0.113.5", "2001:db8::1", "127.1", "0x7f000001", "[::1]", "pc_name"] {
            XCTAssertThrowsError(try OfferAddresses([host], beyondTailnet: true), host)
        }
    }

    func testTailscaleStatusIsSpelledAsTheAppSpellsIt() {
        let json = #"{"Self":{"DNSName":"Ana-MBP.Tail1a2b3.ts.net.","TailscaleIPs":["100.101.102.103","fd7a:115c:a1e0::5"]}}"#
        XCTAssertEqual(TailscaleAddresses.parse(statusJSON: Data(json.utf8)),
                       ["ana-mbp.tail1a2b3.ts.net", "ana-mbp", "100.101.102.103"])
    }
}
