import History

/// What the command line chose for history mode: the rewind's memory budget for all hosts
/// together, and the command that takes copied text instead of OSC 52.
public struct HistorySettings: Equatable, Sendable {
    public var budget: Int
    public var copyCommand: String?

    /// `DROVER_HISTORY_BUDGET` (bytes) overrides the 48 MiB default, so tests and small
    /// machines can make it small.
    public static let budgetVariable = "DROVER_HISTORY_BUDGET"

    public init(budget: Int = SnapshotStore.defaultBudget, copyCommand: String? = nil) {
        self.budget = budget
        self.copyCommand = copyCommand
    }

    /// The budget from `environment` when it holds a whole number of bytes, else the default.
    public static func budget(from environment: [String: String]) -> Int {
        guard let text = environment[budgetVariable], let bytes = Int(text), bytes >= 0 else {
            return SnapshotStore.defaultBudget
        }
        return bytes
    }
}
