import Foundation
import XCTest
import SSH
import TestSupport

/// Round trips from the TCP connect until the remote command runs, counted from the link
/// shaper's trace (ADR 0017): the banner, the key exchange, NEWKEYS with the service
/// request, the public key query and the signed login, the channel open, then the last
/// environment variable, the PTY and the command together. No "none" login request when the
/// only (or the remembered) key goes first, and no waiting between the last variable, the PTY and the command;
/// with `openingSessionEarly`, no round trip of its own for the channel open either.
final class RoundTripTests: XCTestCase {
    /// The fewest round trips of up to three connections, trying again only while a
    /// connection showed more than `expected`. A busy machine can only add round trips (a writer
    /// kept from the CPU in the middle of a burst splits it in two), never merge two away: a
    /// write that answers the server always comes after the answer could have arrived. So the
    /// fewest is the protocol's count, and a change that adds a real round trip shows in all three.
    private func fewestRoundTrips(expected: Int, environment: [String: String], early: Bool = false,
                                  keys: (SSHFixture) throws -> [SSHPrivateKey]) throws -> Int {
        var fewest = Int.max
        for _ in 0..<3 where fewest > expected {
            fewest = min(fewest, try roundTrips(environment: environment, early: early, keys: keys))
        }
        return fewest
    }

    private func roundTrips(environment: [String: String], early: Bool = false,
                            keys: (SSHFixture) throws -> [SSHPrivateKey]) throws -> Int {
        let fixture = try SSHFixture()
        defer { fixture.tearDown() }
        let trace = fixture.sshd.directory.file("shaper-trace")
        // The delay each way sets how long a writer may be kept from the CPU in the middle of a
        // burst before the burst counts twice (`roundTrips`: two delays and the server's turn);
        // on a machine busy with other work, 150 ms of plain direction changes was not enough.
        let delay = 200
        let shaper = try LinkShaper(target: fixture.sshd.port, delayMilliseconds: delay, trace: trace)
        defer { shaper.tearDown() }
        let endpoint = SSHEndpoint(host: "127.0.0.1", port: shaper.port, user: fixture.user)
        let session = try SSHSession.connect(to: endpoint)
        try session.verifyHostKey { _ in }
        try session.authenticate(SSHCredentials(privateKeys: try keys(fixture)), openingSessionEarly: early)
        let channel = try session.exec("echo started", pty: SSHPTYRequest(columns: 80, rows: 24),
                                       environment: environment)
        let trips = try LinkShaper.roundTrips(trace: trace, delayMilliseconds: delay)
        var output: [UInt8] = []
        _ = try channel.readToEnd(timeout: 20) { output += $0.stdout }
        XCTAssertTrue(output.text.contains("started"), "the command ran after the pipelined requests: \(output.text)")
        return trips
    }

    func testAcceptedDeviceKeyAndOneVariableTakeSevenRoundTrips() throws {
        // Before ADR 0017: 10 (a "none" request, and one round trip each for LANG, pty-req, exec).
        XCTAssertEqual(try fewestRoundTrips(expected: 7, environment: ["LANG": "C.UTF-8"]) { [try $0.clientKey()] }, 7)
    }

    func testTheSessionChannelOpenedBehindTheSignedLoginSavesOneMore() throws {
        // What attach and doctor do: the channel open rides behind the signed login.
        XCTAssertEqual(try fewestRoundTrips(expected: 6, environment: ["LANG": "C.UTF-8"], early: true) { [try $0.clientKey()] }, 6)
    }

    func testARefusedFirstKeyOpensNothingEarly() throws {
        // Two keys, none remembered: "none" goes first, then each key; nothing opens early.
        XCTAssertEqual(try fewestRoundTrips(expected: 9, environment: [:], early: true) { [try $0.strangerKey(), try $0.clientKey()] }, 9)
    }

    func testEachVariableBeforeTheLastWaitsForItsAnswer() throws {
        XCTAssertEqual(try fewestRoundTrips(expected: 8, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { [try $0.clientKey()] }, 8)
    }

    func testRefusedFirstKeyStillLogsInWithTheNext() throws {
        // The methods list (1), the refused key (1), then the accepted key (2): as many as when
        // the refused key went before "none", which cost a try of the server's MaxAuthTries.
        XCTAssertEqual(try fewestRoundTrips(expected: 9, environment: [:]) { [try $0.strangerKey(), try $0.clientKey()] }, 9)
    }
}
