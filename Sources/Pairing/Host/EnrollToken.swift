/// The forced command's answer: the last token on its standard output, and its exit code.
public enum EnrollToken: String, Sendable, CaseIterable {
    case ok = "OK"
    case invalid = "INVALID"
    case denied = "DENIED"
    case expired = "EXPIRED"

    public var exitCode: Int32 {
        switch self {
        case .ok: return 0
        case .invalid: return 2
        case .denied: return 3
        case .expired: return 4
        }
    }

    /// The token found as the last whitespace-separated word of `output`, if any.
    public static func last(in output: String) -> EnrollToken? {
        output.split(whereSeparator: \.isWhitespace).last
            .flatMap { EnrollToken(rawValue: String($0)) }
    }
}
