import Pairing

/// `pair-host`'s addresses: the `--host` values checked by `OfferAddresses`, or this
/// computer's Tailscale addresses when none are given.
enum PairHostAddresses {
    static let beyondTailnetOption = OfferAddresses.beyondTailnetOption

    static func choose(given: [String], beyondTailnet: Bool, tailscale: () -> [String]?) throws -> OfferAddresses {
        guard !given.isEmpty else {
            guard let found = tailscale() else {
                throw UsageError("Tailscale is not installed or not running here, so there is no default address for the code; "
                                 + "pass --host NAME with the name or address the other device reaches this computer by")
            }
            return try offer(found, beyondTailnet: false)
        }
        guard given.count <= 4 else { throw UsageError("--host may be given at most 4 times") }
        do {
            return try offer(given, beyondTailnet: beyondTailnet)
        } catch let refusal as UsageError where !beyondTailnet {
            throw UsageError(refusal.message + ". " + tailscaleAdvice(tailscale()))
        }
    }

    /// What works for the herdr app on this computer: its Tailscale names, when it has some.
    static func tailscaleAdvice(_ found: [String]?) -> String {
        guard let found else {
            return "Tailscale is not running here (or has no name the herdr app accepts): start it, then run "
                + "'drover pair-host' without --host to offer its names"
        }
        return "Leave out --host to offer this computer's Tailscale names: \(found.joined(separator: ", "))"
    }

    private static func offer(_ hosts: [String], beyondTailnet: Bool) throws -> OfferAddresses {
        do {
            return try OfferAddresses(hosts, beyondTailnet: beyondTailnet)
        } catch {
            throw UsageError("--host: \(error)")
        }
    }

    /// The reach `pair` uses for the option.
    static func reach(beyondTailnet: Bool) -> PeerAddressPolicy.Reach { beyondTailnet ? .privateLAN : .tailnet }
}
