/// A host's `predict` setting (`--predict`): whether Drover draws its guesses of the host's
/// echo before the host answers. `auto` (the default) decides from the measured round trip.
public enum PredictSetting: String, Codable, CaseIterable, Sendable {
    case auto, always, never

    /// Reads `auto`, `always` or `never` (any case); nil for anything else.
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}
