import Render
import TextSafety

/// One host's echo prediction across host switches and reconnects: its `PredictionEngine`
/// (guesses and round-trip policy) and who wants to hear when guesses switch on or off. A
/// class so the host's link (keepalive round trips) and the front view (keys and frames) share
/// one engine; both run on the loop thread only.
public final class EchoPredictor {
    public var engine: PredictionEngine
    /// Whether keys typed now reach the host at once: keys kept for later are not guessed.
    public var acceptsKeys: () -> Bool = { true }
    /// Guesses were switched on or off (`auto` crossing its thresholds), or are on and the
    /// round trip was measured for the first time: the status follows. Called while a key is
    /// guessed or a frame is drawn, so it must not draw itself (schedule that on the loop).
    public var onSwitch: (Bool) -> Void = { _ in }

    public init(mode: PredictionMode) {
        engine = PredictionEngine(mode: mode)
    }

    /// Whether guesses are drawn now.
    public var isOn: Bool { engine.policy.isOn }

    /// A keepalive's round trip (or any other measured one).
    public func record(roundTrip: Duration) {
        update { $0.policy.record(roundTrip: roundTrip) }
    }

    /// Runs `change` on the engine and tells `onSwitch` what it changed.
    @discardableResult
    func update<T>(_ change: (inout PredictionEngine) -> T) -> T {
        let (was, measured) = (engine.policy.isOn, engine.policy.smoothedRTT != nil)
        let result = change(&engine)
        let isOn = engine.policy.isOn
        if isOn != was || (isOn && !measured && engine.policy.smoothedRTT != nil) { onSwitch(isOn) }
        return result
    }
}
