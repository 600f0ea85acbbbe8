import History

/// What the command line chose for history mode: the rewind's memory budget for all hosts
/// together (`--copy-command` is `AttachAlertOptions`', shared with remote OSC 52 writes).
public struct HistorySettings: Equatable, Sendable {
    public var budget: Int

    /// `DROVER_HISTORY_BUDGET` (bytes) overrides the 16 MiB default, so tests and small
    /// machines can make it small.
    public static let budgetVariable = "DROVER_HISTORY_BUDGET"

    public init(budget: Int = SnapshotStore.defaultBudget) {
        self.budget = budget
    }

    /// A `DROVER_HISTORY_BUDGET` that is not a whole number of bytes: refused rather than
    /// ignored, so a typo never silently leaves the default in place.
    public struct BadBudget: Error, CustomStringConvertible {
        public let value: String
        public var description: String {
            "\(budgetVariable)='\(value)' is not a whole number of bytes; set it to one, e.g. "
                + "\(budgetVariable)=50331648 for 48 MiB, or unset it for the default 16 MiB"
        }
    }

    /// The budget from `environment`: its whole number of bytes, the default when unset.
    public static func budget(from environment: [String: String]) throws(BadBudget) -> Int {
        guard let text = environment[budgetVariable] else { return SnapshotStore.defaultBudget }
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let bytes = Int(text) else {
            throw BadBudget(value: String(text.prefix(40)))
        }
        return bytes
    }
}
