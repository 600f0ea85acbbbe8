#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC

/// What `pair-host` tells the person at the computer.
enum PairHostText {
    static func waiting(offer: PairingOffer, now: Date) -> String {
        let link = offer.link
        var lines = ["Host key fingerprint\(link.hostKeyFingerprints.count == 1 ? "" : "s") (the device checks "
                     + "\(link.hostKeyFingerprints.count == 1 ? "it" : "them")):"]
        lines += link.hostKeyFingerprints.map { "  \($0)" }
        let left = max(0, link.secondsLeft(now: now))
        lines.append("Pairing \(link.user)@\(link.computerName) on \(link.addresses.joined(separator: ", ")) port \(link.port)"
                     + (link.session.map { ", session \($0)" } ?? "") + ".")
        lines.append("The code expires in \(PairingLinkError.span(left)) (at \(clockTime(offer.expiry))). "
                     + "Waiting for a device; press Ctrl+C to cancel.")
        return lines.joined(separator: "\n") + "\n"
    }

    static func request(_ claim: PairingClaim) -> String {
        "\nPairing request from '\(claim.deviceName)'\n  device key \(claim.fingerprint)\n"
    }

    static func expiredBeforeClaim(rerun: String) -> String {
        "The code expired before any device used it; nothing was authorized. Run '\(rerun)' again for a new code.\n"
    }

    static func windowClosed(rerun: String) -> String {
        "The approval window closed; nothing was authorized. Run '\(rerun)' again and answer within 2 minutes.\n"
    }

    static func tooLate(rerun: String) -> String {
        "Too late: the code expired before the answer; nothing was authorized. "
            + "Run '\(rerun)' again and answer within 2 minutes.\n"
    }

    static func denied(_ claim: PairingClaim) -> String {
        "Denied '\(claim.deviceName)'; nothing was authorized.\n"
    }

    static func approved(_ claim: PairingClaim, user: String) -> String {
        "Approved '\(claim.deviceName)' (\(claim.fingerprint)); it can now log in as \(user).\n"
    }

    /// `HH:MM:SS` in the local time zone.
    static func clockTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return formatted("%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
