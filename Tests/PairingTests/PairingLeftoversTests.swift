import Foundation
@testable import Pairing
import TestSupport
import XCTest

/// Issue 30: a pair-host run killed with SIGKILL leaves its one-time key line and its `.offer`
/// state for ever. The next run removes every expired one of them first (and only those), and
/// `drover pair-host --clean` (PairHostCleanCLITests) does only that.
final class PairingLeftoversTests: XCTestCase {
    var scratch: TemporaryDirectory!
    let now = Date(timeIntervalSince1970: 1_900_000_000)

    override func setUpWithError() throws { scratch = try TemporaryDirectory(prefix: "drover-leftovers") }
    override func tearDown() { scratch.remove() }

    static func line(id: String, expiry: Date) -> String {
        OneTimeKeyLine.line(publicKeyBase64: "AAAAC3NzaC1lZDI1NTE5AAAAIAUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUF", id: id,
                            expiry: expiry, forcedCommand: "/usr/local/bin/drover pair-host --enroll=\(id)")
    }

    /// A killed run's world: an expired line and offer (with its claim), a live run's line and
    /// offer, and lines pair-host never wrote.
    static func leftovers(in dir: TemporaryDirectory, now: Date) throws -> (keys: AuthorizedKeysFile, state: String) {
        let keys = AuthorizedKeysFile(path: dir.file("authorized_keys"), lockPath: dir.file("lock"))
        let state = dir.file("state")
        let dead = PairingStateDirectory(path: state, id: "ZGVhZGJlZWZkZWFkYmVlZg"), live = PairingStateDirectory(path: state, id: "MDEyMzQ1Njc4OWFiY2RlZg")
        try dead.ensureExists()
        try dead.create(.offer, [String(Int64(now.timeIntervalSince1970) - 60)])
        try dead.create(.claim, ["ssh-ed25519 AAAA", "laptop", "1"])
        try live.create(.offer, [String(Int64(now.timeIntervalSince1970) + 600)])
        try keys.append("ssh-ed25519 AAAAmine me@laptop")
        try keys.append(line(id: "ZGVhZGJlZWZkZWFkYmVlZg", expiry: now.addingTimeInterval(-60)))
        try keys.append(line(id: "MDEyMzQ1Njc4OWFiY2RlZg", expiry: now.addingTimeInterval(600)))
        try keys.append("ssh-ed25519 AAAAherdr herdr-pair:not-one-of-ours")
        return (keys, state)
    }

    func testOnlyExpiredLinesAndOffersPairHostMadeAreRemoved() throws {
        let (keys, state) = try Self.leftovers(in: scratch, now: now)
        let removed = try PairingLeftovers.clean(authorizedKeys: keys, stateDirectory: state, now: now)
        XCTAssertEqual(removed, PairingLeftovers.Removed(keyLines: 1, offers: 1))
        XCTAssertEqual(try keys.lines(), ["ssh-ed25519 AAAAmine me@laptop", Self.line(id: "MDEyMzQ1Njc4OWFiY2RlZg", expiry: now.addingTimeInterval(600)),
                                          "ssh-ed25519 AAAAherdr herdr-pair:not-one-of-ours"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: state).filter { !$0.hasPrefix(".") }, ["MDEyMzQ1Njc4OWFiY2RlZg.offer"])
        XCTAssertEqual(try PairingLeftovers.clean(authorizedKeys: keys, stateDirectory: state, now: now), PairingLeftovers.Removed())
    }

    func testTheExpiryIsReadAsSshdReadsIt() {
        let expiry = Date(timeIntervalSince1970: 1_900_000_123)
        XCTAssertEqual(PairingLeftovers.expiry(ofLine: Self.line(id: "ZGVhZGJlZWZkZWFkYmVlZg", expiry: expiry)), expiry)
        XCTAssertNil(PairingLeftovers.expiry(ofLine: "restrict,expiry-time=\"2020+1010101010\" ssh-ed25519 AAAA herdr-pair:x"))
        XCTAssertNil(PairingLeftovers.expiry(ofLine: "expiry-time=\"20200101000000\" ssh-ed25519 AAAA herdr-pair:x"),
                     "a line without restrict is not one pair-host wrote")
    }

    func testTheNextRunRemovesWhatAKilledRunLeft() throws {
        let (keys, state) = try Self.leftovers(in: scratch, now: Date())
        let config = PairHost.Configuration(
            authorizedKeys: keys, stateDirectory: state, droverPath: "/usr/local/bin/drover", computerName: "box", user: "dev",
            addresses: try OfferAddresses(["localhost"], beyondTailnet: false), port: 22, session: nil,
            hostKeyFingerprints: ["SHA256:" + String(repeating: "A", count: 43)], lifetime: 600)
        var linesWhileShown: [String] = []
        let host = PairHost(configuration: config, write: { _ in }, clock: Date.init)
        // The code is shown; the run then ends as the offer expires (a clock an hour ahead).
        _ = try? host.run { offer in
            linesWhileShown = try keys.lines()
            throw PairHostError.system("stop here")
        }
        XCTAssertFalse(linesWhileShown.contains { $0.hasSuffix("herdr-pair:ZGVhZGJlZWZkZWFkYmVlZg") }, "\(linesWhileShown)")
        XCTAssertTrue(linesWhileShown.contains { $0.hasSuffix("herdr-pair:MDEyMzQ1Njc4OWFiY2RlZg") }, "a live run's line stays")
        XCTAssertFalse(FileManager.default.fileExists(atPath: state + "/ZGVhZGJlZWZkZWFkYmVlZg.offer"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: state + "/ZGVhZGJlZWZkZWFkYmVlZg.claim"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: state + "/MDEyMzQ1Njc4OWFiY2RlZg.offer"))
    }
}
