import Foundation
import Pairing

/// What `pair-host --link` prints under the code: the link and one line saying it is a secret
/// and how to pass it on.
enum PairHostLinkText {
    static func lines(link: String, offer: PairingOffer, now: Date = Date()) -> [String] {
        let left = PairingLinkError.span(max(0, offer.link.secondsLeft(now: now)))
        return [link,
                "This link is a secret for the next \(left) (it carries the one-time key): on the other computer run "
                    + "'drover pair -' and paste it there, never on a command line."]
    }
}
