#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Pairing

/// What `pair-host` prints about the code besides the code itself: with `--link`, the link and
/// one line saying it is a secret and how to pass it on; for a `--not-for-herdr-app` code, that
/// the herdr app will not accept it.
enum PairHostLinkText {
    static func lines(link: String, offer: PairingOffer, forHerdrApp: Bool = true, now: Date = Date()) -> [String] {
        let left = PairingLinkError.span(max(0, offer.link.secondsLeft(now: now)))
        let pair = forHerdrApp ? "drover pair -" : "drover pair --\(PairHostAddresses.beyondTailnetOption) -"
        return [link,
                "This link is a secret for the next \(left) (it carries the one-time key): on the other computer run "
                    + "'\(pair)' and paste it there, never on a command line."]
    }

    /// The warning above a code whose addresses the herdr app refuses.
    static func notForHerdrApp(_ problem: String) -> String {
        "The herdr app will not accept this code: \(problem). It is for another computer running Drover."
    }
}
