/// The addresses `pair-host` puts in a code, spelled as the herdr app spells them, and
/// refused unless the app accepts them or (behind `--not-for-herdr-app`) another Drover can
/// use them from a network the one-time key admits. A phone is never shown a code it refuses.
public struct OfferAddresses: Sendable, Equatable {
    /// The option on both `pair-host` and `pair` for a code the herdr app will not accept.
    public static let beyondTailnetOption = "not-for-herdr-app"

    /// The addresses, normalized, in the order given.
    public let addresses: [String]
    /// Why the herdr app would refuse the code, when it would (only with the option).
    public let herdrAppProblem: String?
    /// Where the one-time key may log in from: the private LAN ranges too only with the option.
    public let reach: PeerAddressPolicy.Reach

    /// Why an address cannot go in the code; the description says what works instead.
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// Checks `given` (1–4 names or addresses) for a code; `beyondTailnet` is the option.
    public init(_ given: [String], beyondTailnet: Bool) throws(Refusal) {
        guard (1...4).contains(given.count) else { throw Refusal(description: "a code carries 1 to 4 addresses") }
        let option = "--\(Self.beyondTailnetOption)"
        addresses = given.map(PairingHostRules.normalized)
        reach = beyondTailnet ? .privateLAN : .tailnet
        var firstProblem: String?
        for host in addresses {
            guard let problem = PairingHostRules.problem(with: host, scope: .herdrApp) else { continue }
            guard beyondTailnet else {
                throw Refusal(description: "\(problem), so the herdr app would refuse the code; \(PairingHostRules.whatWorks). "
                              + "To pair another computer on a LAN without Tailscale instead, add \(option) (the herdr "
                              + "app will not accept that code; the other computer pairs with 'drover pair \(option)')")
            }
            if let wider = PairingHostRules.problem(with: host, scope: .beyondTailnet) {
                throw Refusal(description: "\(wider); give a host name, or a plain IPv4 or IPv6 address")
            }
            if PeerAddressPolicy.network(of: host) == .other {
                throw Refusal(description: "\(host) is not on the tailnet, loopback or a private LAN (10.0.0.0/8, "
                              + "172.16.0.0/12, 192.168.0.0/16, fc00::/7), the only networks the one-time key may "
                              + "log in from; give this computer's address on one of those")
            }
            firstProblem = firstProblem ?? problem
        }
        herdrAppProblem = firstProblem
    }
}
