import XCTest
@testable import SSH

/// The window model alone (ADR 0030): samples in, target out, on simulated links where a
/// window of W delivers at most W per round trip and the link at most its rate.
final class ReceiveWindowModelTests: XCTestCase {
    private let floor = 64 * 1024
    private let ceiling = 2 * 1024 * 1024

    /// Feeds `seconds` of a link of `rate` bytes/s and round trip `rtt` in steps of 10 ms, the
    /// window being the model's own target; returns the targets seen at each step.
    @discardableResult
    private func run(_ model: inout ReceiveWindowModel, rate: Double, rtt: Double, from start: Double,
                     seconds: Double, queueing: Double = 0, standingQueue: Bool = false) -> [Int] {
        var targets: [Int] = []
        var time = start
        var nextSample = start
        let step = 0.01
        while time < start + seconds - step / 2 {
            time += step
            if time >= nextSample {
                // A sample is the round trip plus whatever queue the window fills: with
                // `standingQueue`, all that the window holds beyond the link's product.
                let standing = standingQueue ? max(0, Double(model.target) - rate * rtt) / rate : 0
                model.roundTrip(rtt + queueing + standing)
                nextSample = time + rtt
            }
            let bytes = min(rate, Double(model.target) / rtt) * step
            model.delivered(Int(bytes), at: time)
            targets.append(model.target)
        }
        return targets
    }

    func testStartsAtTheFloorAndStaysThereWithoutARoundTrip() {
        var model = ReceiveWindowModel(floor: floor, ceiling: ceiling)
        XCTAssertEqual(model.target, floor)
        for step in 0..<100 { model.delivered(1 << 20, at: Double(step) * 0.01) }
        XCTAssertEqual(model.target, floor, "no round trip measured yet: no bandwidth-delay product")
    }

    func testGrowsAboutTwofoldPerRoundTripWhileTheWindowIsTheBottleneck() {
        var model = ReceiveWindowModel(floor: floor, ceiling: ceiling)
        // A link far faster than any window here: the window is the bottleneck.
        let targets = run(&model, rate: 1e9, rtt: 0.1, from: 0, seconds: 0.8)
        // One target per round trip (10 steps each).
        let perRound = stride(from: 9, to: targets.count, by: 10).map { targets[$0] }
        var grew = 0
        for (before, after) in zip(perRound, perRound.dropFirst()) where before < ceiling / 2 {
            let factor = Double(after) / Double(before)
            XCTAssertGreaterThan(factor, 1.6, "round after round: \(perRound)")
            XCTAssertLessThanOrEqual(factor, 2.3, "round after round: \(perRound)")
            grew += 1
        }
        XCTAssertGreaterThanOrEqual(grew, 3, "\(perRound)")
        XCTAssertEqual(targets.last, ceiling, "it reaches the ceiling and stays there")
    }

    func testAFastLinkWithAShortRoundTripGetsTheCeilingAtOnce() {
        var model = ReceiveWindowModel(floor: floor, ceiling: ceiling)
        // Loopback: 0.2 ms round trips, 300 MB/s. Two bandwidth-delay products would be 120 KB,
        // too little to cover a busy machine's scheduling; the window drains in 100 ms anyway.
        let targets = run(&model, rate: 300e6, rtt: 0.0002, from: 0, seconds: 0.1)
        XCTAssertEqual(targets[2], ceiling, "\(targets.prefix(4))")
    }

    func testAShortRoundTripCountsAsFiftyMilliseconds() {
        var model = ReceiveWindowModel(floor: floor, ceiling: ceiling)
        // 1.25 MB/s (10 Mbit/s) at 20 ms: 2 x 1.25 MB/s x 50 ms = 125 KB, not 2 x 25 KB.
        let targets = run(&model, rate: 1_250_000, rtt: 0.02, from: 0, seconds: 2)
        XCTAssertEqual(Double(targets.last ?? 0), 125_000, accuracy: 5_000)
    }

    func testSettlesNearTwoBandwidthDelayProductsOfASlowLink() {
        var model = ReceiveWindowModel(floor: floor, ceiling: ceiling)
        // 2 Mbit/s, 200 ms: 50 KB in flight fill the link; the window holds about twice that.
        let rate = 250_000.0
        let targets = run(&model, rate: rate, rtt: 0.2, from: 0, seconds: 5)
        let bdp = rate * 0.2
        let settled = targets.suffix(200)
        XCTAssertEqual(Double(settled.max() ?? 0), 2 * bdp, accuracy: 0.15 * 2 * bdp)
        XCTAssertEqual(Double(settled.min() ?? 0), 2 * bdp, accuracy: 0.15 * 2 * bdp)
    }

    func testQueueingDelayDoesNotInflateTheRoundTrip() {
        var model = ReceiveWindowModel(floor: floor, ceiling: ceiling)
        run(&model, rate: 250_000, rtt: 0.2, from: 0, seconds: 2)
        // A bottleneck queue now adds 250 ms to every sample: the minimum still says 200 ms.
        let targets = run(&model, rate: 250_000, rtt: 0.2, from: 2, seconds: 2, queueing: 0.25)
        XCTAssertEqual(model.roundTrip ?? 0, 0.2, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(targets.max() ?? 0, Int(2.3 * 50_000))
    }

    func testTheQueueTheWindowKeepsDoesNotFeedBackIntoIt() {
        var model = ReceiveWindowModel(floor: floor, ceiling: ceiling)
        // A minute of flood where every sample waits behind what the window holds in excess.
        // (Even the first sample waits behind the floor's excess: 14 KB, 56 ms.)
        let targets = run(&model, rate: 250_000, rtt: 0.2, from: 0, seconds: 60, standingQueue: true)
        XCTAssertLessThanOrEqual(targets.max() ?? 0, 3 * 50_000)
        XCTAssertEqual(targets.suffix(5000).max(), targets[500], "after 5 s it grows no more")
    }

    func testShrinksWhenTheRateFalls() {
        var model = ReceiveWindowModel(floor: floor, ceiling: ceiling)
        run(&model, rate: 2_000_000, rtt: 0.2, from: 0, seconds: 3)
        XCTAssertGreaterThan(model.target, 700_000, "fast: about 2 x 400 KB")
        // The rate falls to a tenth: within the rounds held plus one, the window follows.
        let targets = run(&model, rate: 200_000, rtt: 0.2, from: 3, seconds: 2)
        let stepsPerRound = 20
        let settled = targets.suffix(targets.count - stepsPerRound * (ReceiveWindowModel.roundsHeld + 1))
        XCTAssertEqual(Double(settled.max() ?? 0), 80_000, accuracy: 12_000)
        XCTAssertEqual(Double(settled.min() ?? 0), 80_000, accuracy: 12_000)
        XCTAssertGreaterThan(targets[stepsPerRound * (ReceiveWindowModel.roundsHeld - 1)], 500_000,
                             "a high rate is held for the rounds held")
    }

    func testOutputThatStopsShrinksToTheFloor() {
        var model = ReceiveWindowModel(floor: floor, ceiling: ceiling)
        run(&model, rate: 2_000_000, rtt: 0.2, from: 0, seconds: 3)
        // A prompt now and then: a few bytes per round, for more rounds than are held.
        for round in 0...ReceiveWindowModel.roundsHeld { model.delivered(40, at: 3.5 + Double(round)) }
        XCTAssertEqual(model.target, floor)
    }

    func testNeverAboveTheCeilingNorBelowTheFloor() {
        var model = ReceiveWindowModel(floor: floor, ceiling: ceiling)
        let fast = run(&model, rate: 1e10, rtt: 0.5, from: 0, seconds: 10)
        XCTAssertEqual(fast.max(), ceiling)
        let slow = run(&model, rate: 1000, rtt: 0.001, from: 10, seconds: 3)
        XCTAssertEqual(slow.min(), floor)
        XCTAssertEqual(slow.last, floor)
    }

    func testNonsenseSamplesAreIgnored() {
        var model = ReceiveWindowModel(floor: floor, ceiling: ceiling)
        model.roundTrip(0)
        model.roundTrip(-1)
        model.roundTrip(.infinity)
        XCTAssertNil(model.roundTrip)
        model.roundTrip(0.05)
        XCTAssertEqual(model.roundTrip, 0.05)
    }
}
