import XCTest
import VT
import Render
@testable import Console
@testable import Loop

/// The view's echo prediction: a key it sends is drawn once its epoch is confirmed,
/// and a guess the host never answers is taken back by the view's own timer.
final class FrontViewPredictionTests: XCTestCase {
    /// Types `e` and, while its echo is on the way, `inFlight`; then the host echoes `e`, which
    /// confirms the epoch of the keys still in flight.
    private func confirmedHarness(_ predictor: EchoPredictor, inFlight: String = "") throws -> FrontViewTests.Harness {
        let h = try FrontViewTests.Harness()
        h.view.predictor = predictor
        h.view.receiveRemote(Array("$ ".utf8))
        try h.loop.runOnce()
        h.view.receiveLocal(Array("e".utf8))
        try h.loop.runOnce()
        XCTAssertEqual(h.lines[0], "$", "the first key waits for the host's echo")
        if !inFlight.isEmpty {
            h.view.receiveLocal(Array(inFlight.utf8))
            try h.loop.runOnce()
        }
        h.view.receiveRemote(Array("e".utf8))
        try h.loop.runOnce()
        return h
    }

    func testATypedKeyIsDrawnAtOnceAndWithdrawnWhenTheHostNeverEchoesIt() throws {
        let h = try confirmedHarness(EchoPredictor(mode: .always), inFlight: "c")
        XCTAssertEqual(h.sent, Array("ec".utf8))
        XCTAssertEqual(h.lines[0], "$ ec", "drawn before the host answers")
        XCTAssertEqual(h.local.frame()[0, 3].attributes.underline, .single)
        // The host stays silent: the view's expiry timer takes the guess back.
        try h.run { h.lines[0] == "$ e" }
        XCTAssertEqual(h.view.predictor.engine.withdrawnCount, 1)
        XCTAssertEqual(h.local.frame().cursorColumn, 3)
    }

    func testKeysKeptForLaterAreNotGuessed() throws {
        let predictor = EchoPredictor(mode: .always)
        let h = try confirmedHarness(predictor)
        predictor.acceptsKeys = { false }
        h.view.receiveLocal(Array("c".utf8))
        XCTAssertEqual(h.sent, Array("ec".utf8), "the key went on (to be kept by the run)")
        XCTAssertTrue(predictor.engine.guesses.isEmpty)
    }

    func testSwitchingOnIsReported() throws {
        let predictor = EchoPredictor(mode: .auto)
        var switches: [Bool] = []
        predictor.onSwitch = { switches.append($0) }
        predictor.record(roundTrip: .milliseconds(200))
        predictor.record(roundTrip: .milliseconds(200))
        XCTAssertEqual(switches, [true], "reported once, when it switches")
        XCTAssertEqual(predictor.engine.policy.rttText, "RTT 200 ms")
        let always = EchoPredictor(mode: .always)
        var told: [Bool] = []
        always.onSwitch = { told.append($0) }
        always.record(roundTrip: .milliseconds(80))
        always.record(roundTrip: .milliseconds(90))
        XCTAssertEqual(told, [true], "always: told once, when the round trip is first known")
    }
}
