import XCTest
import VT
@testable import Render

/// Keys the local terminal reports with their event types (ADR 0024, local side): a release
/// types nothing, so it neither guesses nor starts a new epoch; a repeat is its key again.
final class PredictionKeyEventTests: XCTestCase {
    func testAReleaseKeepsTheGuessesAndARepeatIsGuessed() {
        var rig = PredictionRig()
        rig.type("l", at: 0)
        let epoch = rig.engine.epoch
        rig.type(.keyEvent(KeyEvent(.character("l"), type: .release)), at: 10)
        XCTAssertEqual(rig.engine.guesses.count, 1, "the release added or withdrew nothing")
        XCTAssertEqual(rig.engine.epoch, epoch, "and started no epoch")
        rig.type(.keyEvent(KeyEvent(.character("l"), type: .repeat)), at: 20)
        XCTAssertEqual(rig.engine.guesses.count, 2, "a held key's repeat types it again")
    }

    func testAModifierKeyAloneStartsNoEpoch() {
        var rig = PredictionRig()
        rig.type("l", at: 0)
        let epoch = rig.engine.epoch
        rig.type(.key(.modifier(.leftShift), .shift), at: 10)
        XCTAssertEqual(rig.engine.epoch, epoch, "Shift before a capital keeps the guesses shown")
        rig.type("S", at: 20)
        XCTAssertEqual(rig.engine.guesses.count, 2)
    }
}
