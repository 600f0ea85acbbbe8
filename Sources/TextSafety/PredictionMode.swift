/// `--predict`, on the command line and as a host's `predict` in hosts.json: when Drover draws
/// its guesses of the host's echo before the host answers. One type for the registry (Hosts),
/// the command line and the policy that applies it (Render), so it lives in the module all of
/// them import; its raw values are the spellings people type and hosts.json keeps.
public enum PredictionMode: String, Codable, CaseIterable, Sendable {
    /// On while the smoothed round trip is slow enough for a person to notice (Render's
    /// `PredictionPolicy`). The default.
    case auto
    /// Always drawn (guesses still need a confirmed key of their epoch first).
    case always
    /// Never drawn; the round trip is still measured for the status line.
    case never

    /// Reads `auto`, `always` or `never` (any case); nil for anything else.
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}
