import Foundation
import XCTest
import TestSupport

/// `scripts/herdr-standin-relay` on its own, apart from tmux (tmux 3.3a re-emits some of what
/// the relay does, so an end-to-end test can pass without it): scripts/herdr_standin_relay_test.py
/// drives the relay on a pty with a fake command writing scripted bytes, and checks the frames,
/// the mode switches taken out, OSC 52's ending, pieces split across writes, an escape the relay
/// does not know, its 1 MiB cap, and the keys it passes on.
final class HerdrStandinRelayTests: XCTestCase {
    func testRelayPassesItsOwnTests() throws {
        let script = URL(fileURLWithPath: HerdrStandinTests.script).deletingLastPathComponent()
            .appendingPathComponent("herdr_standin_relay_test.py").path
        let result = try Shell.execute("/usr/bin/python3", [script, "-v"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("Ran 8 tests"), result.stderr)
    }
}
