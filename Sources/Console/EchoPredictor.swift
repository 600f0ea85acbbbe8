import Render

/// One host's echo prediction across host switches and reconnects: its `PredictionEngine`
/// (guesses and round-trip policy) and who wants to hear when guesses switch on or off. A
/// class so the host's link (keepalive round trips) and the relay (keys and frames) share
/// one engine; both run on the loop thread only.
public final class EchoPredictor {
    public var engine: PredictionEngine
    /// Whether keys typed now reach the host at once: keys kept for later are not guessed.
    public var acceptsKeys: () -> Bool = { true }
    /// Guesses were switched on or off (`auto` crossing its thresholds): the status follows.
    public var onSwitch: (Bool) -> Void = { _ in }

    public init(mode: PredictionMode) {
        engine = PredictionEngine(mode: mode)
    }

    /// Whether guesses are drawn now.
    public var isOn: Bool { engine.policy.isOn }

    /// A keepalive's round trip (or any other measured one).
    public func record(roundTrip: Duration) {
        if engine.policy.record(roundTrip: roundTrip) { onSwitch(engine.policy.isOn) }
    }

    /// Runs `change` on the engine and tells `onSwitch` if it switched guesses on or off.
    func update<T>(_ change: (inout PredictionEngine) -> T) -> T {
        let was = engine.policy.isOn
        let result = change(&engine)
        if engine.policy.isOn != was { onSwitch(engine.policy.isOn) }
        return result
    }
}
