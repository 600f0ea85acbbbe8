import TextSafety

/// The smoothed round trip to one host and whether guesses are drawn. Samples come from
/// keepalive round trips and from the time between a key and the frame that confirms its
/// echo; the smoothing is TCP's (RFC 6298: one eighth of each new sample), so one slow
/// frame does not flip the switch.
public struct PredictionPolicy: Sendable, Equatable {
    public var mode: PredictionMode
    /// nil until the first sample.
    public private(set) var smoothedRTT: Duration?
    public private(set) var isOn: Bool

    /// `auto` turns on above this smoothed round trip…
    public static let onAbove = Duration.milliseconds(30)
    /// …and off again only below this one, so a link near the line does not flicker.
    public static let offBelow = Duration.milliseconds(20)

    public init(mode: PredictionMode) {
        self.mode = mode
        self.isOn = mode == .always
    }

    /// Adds one round-trip sample; returns true when that switched guesses on or off.
    @discardableResult
    public mutating func record(roundTrip sample: Duration) -> Bool {
        let sample = max(sample, .zero)
        if let smoothed = smoothedRTT {
            smoothedRTT = smoothed * 7 / 8 + sample / 8
        } else {
            smoothedRTT = sample
        }
        return settle()
    }

    /// Changes the mode (a new attach flag); returns true when guesses switched on or off.
    @discardableResult
    public mutating func set(mode: PredictionMode) -> Bool {
        self.mode = mode
        return settle()
    }

    private mutating func settle() -> Bool {
        let was = isOn
        switch mode {
        case .always: isOn = true
        case .never: isOn = false
        case .auto:
            guard let rtt = smoothedRTT else { isOn = false; break }
            if rtt > Self.onAbove { isOn = true } else if rtt < Self.offBelow { isOn = false }
        }
        return was != isOn
    }

    /// How long a guess may wait for its confirmation before it is withdrawn: 1.5 round trips,
    /// at least 50 ms (a frame or two of coalescing on a fast link), 1 s before any sample.
    public var confirmationTimeout: Duration {
        guard let rtt = smoothedRTT else { return .seconds(1) }
        return max(rtt * 3 / 2, .milliseconds(50))
    }

    /// "RTT 212 ms" for the status line (nil before the first sample).
    public var rttText: String? {
        guard let rtt = smoothedRTT else { return nil }
        let ms = rtt.components.seconds * 1000 + rtt.components.attoseconds / 1_000_000_000_000_000
        return "RTT \(ms) ms"
    }
}
