#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC

/// The forced-command side of pairing (`drover pair-host --enroll=<id> --state=<dir>`): reads
/// the two lines, claims the id, waits for the computer's decision and answers with a token.
/// It never waits past the 120-second approval window or the code's expiry.
public struct Enrollment: Sendable {
    public static let approvalWindow: TimeInterval = 120
    /// How long the two input lines may take to arrive.
    public static let inputWindow: TimeInterval = 30
    /// Extra time for the computer to write the key after approving in the last instant.
    public static let resultGrace: TimeInterval = 5

    public let state: PairingStateDirectory
    public let clock: @Sendable () -> Date
    public let pollInterval: TimeInterval

    public init(state: PairingStateDirectory, clock: @escaping @Sendable () -> Date = Date.init,
                pollInterval: TimeInterval = 0.1) {
        self.state = state
        self.clock = clock
        self.pollInterval = pollInterval
    }

    /// Runs the enroll. `readInput(deadline)` returns standard input up to two lines, EOF or
    /// the deadline. When this enroll made the claim, the token is also recorded in `<id>.done`.
    public func run(readInput: (Date) -> [UInt8]) -> EnrollToken {
        var claimed = false
        let token = decide(readInput: readInput, claimed: &claimed)
        if claimed { _ = try? state.create(.done, [token.rawValue]) }
        return token
    }

    private func decide(readInput: (Date) -> [UInt8], claimed didClaim: inout Bool) -> EnrollToken {
        guard let expiry = offerExpiry(), clock() < expiry else { return .expired }
        let input = readInput(min(expiry, clock().addingTimeInterval(Self.inputWindow)))
        guard let request = try? EnrollRequest.parse(input) else { return .invalid }
        let claimed = clock()
        guard clock() < expiry else { return .expired }
        guard (try? state.create(.claim, [request.publicLine, request.deviceName,
                                          String(Int64(claimed.timeIntervalSince1970))])) == true else { return .denied }
        didClaim = true
        let deadline = min(expiry, claimed.addingTimeInterval(Self.approvalWindow))

        guard let decision = awaitDecision(until: deadline) else { return .expired }
        switch decision.first?.split(separator: " ").first {
        case "approve": return awaitResult(until: deadline.addingTimeInterval(Self.resultGrace))
        case "deny": return .denied
        default: return .expired
        }
    }

    /// The decision's lines; nil when the offer was withdrawn, or when the deadline passed and
    /// this side recorded `expired` first.
    private func awaitDecision(until deadline: Date) -> [String]? {
        while true {
            if let decision = state.read(.decision) { return decision }
            if !state.exists(.offer) { return nil }
            if clock() >= deadline {
                if (try? state.create(.decision, ["expired"])) == true { return nil }
                if clock() >= deadline.addingTimeInterval(Self.resultGrace) { return nil }
            }
            pause(pollInterval)
        }
    }

    private func awaitResult(until deadline: Date) -> EnrollToken {
        while true {
            if let result = state.read(.result) { return result.first == "ok" ? .ok : .expired }
            if clock() >= deadline {
                if (try? state.create(.result, ["expired"])) == true { return .expired }
                if clock() >= deadline.addingTimeInterval(Self.resultGrace) { return .expired }
            }
            pause(pollInterval)
        }
    }

    private func offerExpiry() -> Date? {
        guard let line = state.read(.offer)?.first, let seconds = Int64(line) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Sleeps `seconds` between two looks at the state directory.
    private func pause(_ seconds: TimeInterval) {
        var wait = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1_000_000_000))
        var left = timespec()
        while nanosleep(&wait, &left) != 0 && errno == EINTR { wait = left }
    }
}
