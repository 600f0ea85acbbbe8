/// How many bytes a channel's receive window should let the server have in flight: about two
/// bandwidth-delay products of the link, between a floor and a ceiling (ADR 0030). Everything
/// in flight when a key is pressed (Ctrl+C, `q` in a pager) still has to arrive before the
/// key's effect shows, so the window is kept no larger than the link needs.
///
/// Pure: samples in, a target out; the caller supplies the times (seconds on any monotonic
/// clock). The round trip is the least sample of the channel's life: a window of twice the
/// product keeps a product's worth queued at the bottleneck, so every later sample carries
/// that queue's delay, and a minimum over recent samples only would feed the queue back into
/// the window until it reached the ceiling. (A route that gets longer usually means a new
/// address, hence a new connection and a new model.) Bytes are counted per round of at
/// least one round trip; a round's bytes scaled to one round trip are its bandwidth-delay
/// product, and the target is twice the largest of the last few rounds'. While the window is
/// the bottleneck a round delivers the whole window, so the target doubles each round trip;
/// on a link that is the bottleneck it settles near twice its bandwidth-delay product; when
/// the rate falls (or the output stops) it shrinks after `roundsHeld` rounds. A round trip
/// shorter than `shortestRoundTrip` counts as that long: a window that drains in 100 ms costs a
/// key nothing noticeable, and on a fast link (loopback) the round trip that matters includes
/// the reader's frames and the server's scheduling on a busy machine, which the least sample
/// does not show; there the window goes to the ceiling.
public struct ReceiveWindowModel: Sendable, Equatable {
    public let floor: Int
    public let ceiling: Int
    /// The window to keep open, in bytes (starts at the floor).
    public private(set) var target: Int
    /// The least round-trip sample so far.
    public private(set) var roundTrip: Double?
    /// Bandwidth-delay products of the last rounds (newest last, at most `roundsHeld`).
    private var products: [Int] = []
    private var roundStart: Double?
    private var roundBytes = 0

    /// How many rounds a high rate is remembered: a pause of one round does not shrink the
    /// window just before the output resumes.
    static let roundsHeld = 4
    /// The least round trip a product is computed with (seconds).
    static let shortestRoundTrip = 0.05

    public init(floor: Int, ceiling: Int) {
        precondition(floor > 0 && floor <= ceiling, "a window's floor must be positive and at most its ceiling")
        self.floor = floor
        self.ceiling = ceiling
        target = floor
    }

    /// A round-trip sample: the time from granting window to reading the first byte that only
    /// that grant allowed (never less than the real round trip).
    public mutating func roundTrip(_ seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        roundTrip = min(roundTrip ?? seconds, seconds)
    }

    /// `bytes` of the channel's data were read at `time`. Closes a round once it spans at least
    /// one round trip; before the first round-trip sample nothing changes.
    public mutating func delivered(_ bytes: Int, at time: Double) {
        guard let start = roundStart else {
            // The first bytes came over an unknown span: the first round starts after them.
            roundStart = time
            return
        }
        roundBytes += max(0, bytes)
        guard let rtt = roundTrip, time - start >= rtt else { return }
        let product = Double(roundBytes) * max(rtt, Self.shortestRoundTrip) / (time - start)
        products.append(Int(product.rounded()))
        if products.count > Self.roundsHeld { products.removeFirst() }
        let wanted = 2 * (products.max() ?? 0)
        target = min(ceiling, max(floor, wanted))
        roundStart = time
        roundBytes = 0
    }
}
