/// "Did you mean …?": the closest of the names a person could have meant by a mistyped
/// command, option or host name. Only a name within two edits (insert, delete, replace, or
/// swap two neighbours, so `atach` and `attahc` both find `attach`) is suggested, and only
/// when one name is closest: a guess among equals would be a coin toss.
enum Suggestion {
    static let maximumDistance = 2

    /// The one candidate closest to `typed` within `maximumDistance`; nil when none or a tie.
    static func closest(to typed: String, among candidates: [String]) -> String? {
        let scored = candidates.filter { $0 != typed }
            .map { (name: $0, distance: distance(typed, $0)) }
            .filter { $0.distance <= maximumDistance }
        guard let best = scored.map(\.distance).min() else { return nil }
        let winners = Set(scored.filter { $0.distance == best }.map(\.name))
        return winners.count == 1 ? winners.first : nil
    }

    /// `did you mean 'NAME'?`, or nil when nothing is close.
    static func question(for typed: String, among candidates: [String]) -> String? {
        closest(to: typed, among: candidates).map { "did you mean '\($0)'?" }
    }

    /// Optimal string alignment distance over Characters (case counts: host names differ by it).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Length alone decides when it differs by more than the limit: skip the table.
        if abs(a.count - b.count) > maximumDistance { return abs(a.count - b.count) }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, table[i - 2][j - 2] + 1) }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}
