/// A `Match` line, which Drover does not evaluate (its settings are never carried over), kept
/// so that the hosts it may concern are told so and the others are not: a block whose
/// criteria are only `host`/`originalhost` patterns that match neither the host's address nor
/// its alias cannot apply to it. Anything else (`exec`, `user`, `all`, a Match inside an
/// included section) may, so it is listed.
struct SSHConfigMatch: Sendable {
    let location: String
    /// `host` and `originalhost` pattern lists; nil when another criterion makes it undecidable here.
    private let hostCriteria: [(originalHost: Bool, patterns: [HostPattern])]?

    init(_ statement: SSHConfigStatement, nested: Bool) {
        location = statement.location
        var criteria: [(Bool, [HostPattern])] = []
        var words = statement.arguments[...]
        var decidable = !nested && !words.isEmpty
        while decidable, let word = words.popFirst() {
            let keyword = word.lowercased()
            guard keyword == "host" || keyword == "originalhost", let list = words.popFirst() else {
                decidable = false
                break
            }
            criteria.append((keyword == "originalhost", list.split(separator: ",").map { HostPattern(String($0)) }))
        }
        hostCriteria = decidable ? criteria : nil
    }

    /// Whether this block may apply to `alias` reaching `hostname` (its HostName, else the alias).
    func mayApply(alias: String, hostname: String) -> Bool {
        guard let hostCriteria else { return true }
        return hostCriteria.allSatisfy { criterion in
            SSHConfigBlock.matches(criterion.patterns, Array((criterion.originalHost ? alias : hostname).lowercased()))
        }
    }

    /// What a host's list of settings not carried over says of it.
    var note: String { "Match block (\(location))" }
}
