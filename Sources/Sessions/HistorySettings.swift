import History

/// What the command line chose for history mode: the rewind's memory budget for all hosts
/// together (`--copy-command` is `AttachSignalOptions`', shared with remote OSC 52 writes).
public struct HistorySettings: Equatable, Sendable {
    public var budget: Int

    /// `DROVER_HISTORY_BUDGET` (bytes) overrides the 48 MiB default, so tests and small
    /// machines can make it small.
    public static let budgetVariable = "DROVER_HISTORY_BUDGET"

    public init(budget: Int = SnapshotStore.defaultBudget) {
        self.budget = budget
    }

    /// The budget from `environment` when it holds a whole number of bytes, else the default.
    public static func budget(from environment: [String: String]) -> Int {
        guard let text = environment[budgetVariable], let bytes = Int(text), bytes >= 0 else {
            return SnapshotStore.defaultBudget
        }
        return bytes
    }
}
