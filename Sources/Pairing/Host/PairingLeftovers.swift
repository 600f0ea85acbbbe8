import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What pair-host runs that could not clean up (SIGKILL, a power cut) left behind: their
/// one-time key lines in authorized_keys (sshd's expiry-time stops such a key working, but the
/// line stays for ever) and their pairing state files. Every run removes them first, and
/// `drover pair-host --clean` does only that. Only what pair-host itself writes is touched: a
/// line whose comment is `herdr-pair:ID` and whose expiry-time has passed, and the state files
/// of an offer (`ID.offer`, holding its expiry in Unix seconds) that has expired.
public enum PairingLeftovers {
    public struct Removed: Equatable, Sendable {
        /// Expired one-time key lines taken out of authorized_keys.
        public var keyLines = 0
        /// Expired offers whose state files were removed.
        public var offers = 0
    }

    public static func clean(authorizedKeys: AuthorizedKeysFile, stateDirectory: String, now: Date) throws -> Removed {
        var removed = Removed()
        if FileManager.default.fileExists(atPath: authorizedKeys.path) {
            removed.keyLines = try authorizedKeys.remove { line in
                guard let expiry = expiry(ofLine: line) else { return false }
                return expiry <= now
            }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: stateDirectory)) ?? []
        for name in names where name.hasSuffix(".offer") {
            let id = String(name.dropLast(".offer".count))
            guard PairingFieldRules.isPairingID(id) else { continue }
            let state = PairingStateDirectory(path: stateDirectory, id: id)
            guard let seconds = state.read(.offer)?.first.flatMap({ Int64($0) }),
                  Date(timeIntervalSince1970: TimeInterval(seconds)) <= now else { continue }
            state.removeAll()
            removed.offers += 1
        }
        return removed
    }

    /// The expiry of a one-time key line pair-host wrote (`restrict,expiry-time="…"` and the
    /// comment `herdr-pair:ID`); nil for any other line.
    static func expiry(ofLine line: String) -> Date? {
        let words = line.split(separator: " ")
        guard let comment = words.last, comment.hasPrefix("herdr-pair:"), let options = words.first,
              options.hasPrefix("restrict,"),
              let start = options.firstRange(of: "expiry-time=\"")?.upperBound else { return nil }
        let digits = options[start...].prefix(14)
        guard digits.count == 14, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        let text = digits.map { Int($0.asciiValue! - 48) }
        func field(_ from: Int, _ count: Int) -> Int32 { Int32(text[from..<(from + count)].reduce(0) { $0 * 10 + $1 }) }
        var parts = tm()
        parts.tm_year = field(0, 4) - 1900
        parts.tm_mon = field(4, 2) - 1
        parts.tm_mday = field(6, 2)
        parts.tm_hour = field(8, 2)
        parts.tm_min = field(10, 2)
        parts.tm_sec = field(12, 2)
        parts.tm_isdst = -1
        let seconds = mktime(&parts)   // local time, as sshd reads expiry-time
        return seconds == -1 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
