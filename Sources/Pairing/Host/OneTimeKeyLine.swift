#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC

/// The restricted authorized_keys line that lets the one-time key run only the enroll:
///
///     restrict,expiry-time="YYYYMMDDHHMMSS",from="100.64.0.0/10,fd7a:115c:a1e0::/48,127.0.0.1,::1",command="…" ssh-ed25519 <key> herdr-pair:<id>
public enum OneTimeKeyLine {
    /// The comment that marks the line of pairing `id`.
    public static func comment(id: String) -> String { "herdr-pair:\(id)" }

    /// The full line. `expiry` is formatted in the system time zone, as sshd reads it; `from=`
    /// admits the networks of `reach`, the same ones the code's addresses are on (the tailnet
    /// and loopback, plus the private LAN ranges for a `--not-for-herdr-app` code).
    public static func line(publicKeyBase64: String, id: String, expiry: Date, forcedCommand: String,
                            reach: PeerAddressPolicy.Reach = .tailnet) -> String {
        "restrict,expiry-time=\"\(sshdTime(expiry))\",from=\"\(reach.sourcePatterns)\",command=\"\(forcedCommand)\" "
            + "ssh-ed25519 \(publicKeyBase64) \(comment(id: id))"
    }

    /// True for the line of pairing `id` (its comment is the last field).
    public static func isLine(_ line: String, ofPairing id: String) -> Bool {
        line.hasSuffix(" " + comment(id: id))
    }

    /// `YYYYMMDDHHMMSS` in the local time zone.
    static func sshdTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return formatted("%04d%02d%02d%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                         parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
