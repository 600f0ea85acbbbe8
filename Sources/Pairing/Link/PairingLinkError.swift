/// Why a `herdr://pair` link was refused. Each case names the field at fault.
public enum PairingLinkError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The text does not start with `herdr://pair?`.
    case notAPairingLink
    /// The text is longer than the 8192 bytes the herdr app reads.
    case tooLong(bytes: Int)
    /// The text has a `#fragment`, which the herdr app refuses.
    case hasFragment
    /// `v` is not `1`.
    case unsupportedVersion(String)
    /// A required field is absent.
    case missingField(String)
    /// A known field appears more than once.
    case duplicatedField(String)
    /// A field is present but breaks its rule (`field`, what is wrong with it).
    case invalidField(String, String)
    /// The code's expiry `x` is this many seconds in the past.
    case expired(secondsAgo: Int64)
    /// The code's expiry `x` is this many seconds ahead, more than the 15 minutes allowed.
    case expiryTooFarAhead(seconds: Int64)
    /// An `h` entry is a well-formed name or address outside the tailnet (why, in words): such
    /// a code comes from `pair-host --not-for-herdr-app` and needs the same option here.
    /// `retry` is the whole command to run instead; `drover pair` fills in the form the person
    /// used (`-` or `--scan PICTURE`, and their other options).
    case hostBeyondTailnet(String, retry: String = "drover pair --not-for-herdr-app -")

    private static let copyAgain = "copy the whole link again, or run the pairing command on the computer again"

    public var description: String {
        switch self {
        case .notAPairingLink:
            return "this is not a herdr pairing link (it must start with herdr://pair?); \(Self.copyAgain)"
        case .tooLong(let bytes):
            return "the pairing link is \(bytes) bytes (its special characters counted %-escaped), more than the 8192 "
                + "a link may have; \(Self.copyAgain)"
        case .hasFragment:
            return "the pairing link has a # part, which a pairing link never has; \(Self.copyAgain)"
        case .unsupportedVersion(let version):
            return "v: this Drover speaks pairing version 1, the code is version '\(version)'; "
                + "run a pairing command that makes version 1 codes, or update Drover"
        case .missingField(let field):
            return "missing field \(field) in the pairing link; \(Self.copyAgain)"
        case .duplicatedField(let field):
            return "duplicated field \(field) in the pairing link; \(Self.copyAgain)"
        case .invalidField(let field, let problem):
            return "\(field): \(problem); \(Self.copyAgain)"
        case .expired(let seconds):
            return (seconds < 1 ? "the code has just expired" : "the code expired \(Self.span(seconds)) ago")
                + "; run the pairing command again"
        case .expiryTooFarAhead(let seconds):
            return "x: the code says it stays valid for another \(seconds) seconds, but a code may stay valid for at "
                + "most 900 seconds (15 minutes); check the clocks of this device and the computer, then run the "
                + "pairing command again"
        case .hostBeyondTailnet(let problem, let retry):
            return "h: \(problem); \(PairingHostRules.whatWorks). A code made with 'drover pair-host "
                + "--not-for-herdr-app' is for another computer; to pair with it, run: \(retry)"
        }
    }

    /// "1 second", "40 seconds", "1 minute", "3 minutes" (whole minutes, rounded down).
    public static func span(_ seconds: Int64) -> String {
        if seconds < 60 { return seconds == 1 ? "1 second" : "\(max(seconds, 0)) seconds" }
        let minutes = seconds / 60
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}
