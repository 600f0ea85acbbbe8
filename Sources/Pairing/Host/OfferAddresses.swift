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

    /// How to pair another computer on a LAN instead, in full: both sides' commands.
    static let lanAdvice = "To pair another computer on a LAN without Tailscale instead, add --\(beyondTailnetOption) "
        + "(the herdr app will not accept that code; the other computer pairs with 'drover pair --\(beyondTailnetOption) -' "
        + "or 'drover pair --\(beyondTailnetOption) --scan PICTURE')"

    /// Checks `given` (1–4 names or addresses) for a code; `beyondTailnet` is the option.
    public init(_ given: [String], beyondTailnet: Bool) throws(Refusal) {
        guard (1...4).contains(given.count) else { throw Refusal(description: "a code carries 1 to 4 addresses") }
        addresses = given.map(PairingHostRules.normalized)
        reach = beyondTailnet ? .privateLAN : .tailnet
        var firstProblem: String?
        for host in addresses {
            if let split = PairingHostRules.hostAndPort(host) {
                throw Refusal(description: "'\(host)' carries a port: give the address alone with --host and the port "
                              + "with --port (--host \(split.host) --port \(split.port))")
            }
            guard let problem = PairingHostRules.problem(with: host, scope: .herdrApp) else { continue }
            let wider = PairingHostRules.problem(with: host, scope: .beyondTailnet)
            let onLAN = PeerAddressPolicy.network(of: host) != .other
            guard beyondTailnet else {
                // The option is offered only where it would work: a malformed host or a public
                // address is refused with it too.
                throw Refusal(description: "\(problem), so the herdr app would refuse the code; \(PairingHostRules.whatWorks)"
                              + (wider == nil && onLAN ? ". \(Self.lanAdvice)" : ""))
            }
            if let wider {
                throw Refusal(description: "\(wider); give a host name, or a plain IPv4 or IPv6 address")
            }
            guard onLAN else {
                throw Refusal(description: "\(host) is not on the tailnet, loopback or a private LAN (10.0.0.0/8, "
                              + "172.16.0.0/12, 192.168.0.0/16, fc00::/7), the only networks the one-time key may "
                              + "log in from; give this computer's address on one of those")
            }
            firstProblem = firstProblem ?? problem
        }
        herdrAppProblem = firstProblem
    }
}
