/// One `Keyword arguments...` line of an ssh_config file; the keyword is lowercased.
struct SSHConfigStatement: Equatable, Sendable {
    var keyword: String
    var arguments: [String]
    var line: Int
}

/// A `Host` or `Match` section, or the global settings before the first one.
struct SSHConfigBlock: Sendable {
    enum Kind: Sendable { case global, host, match }
    var kind: Kind
    var line: Int
    var patterns: [String] = []
    var settings: [SSHConfigStatement] = []

    /// ssh's rule: some pattern matches and no negated pattern does. Match blocks never apply here.
    func applies(to alias: String) -> Bool {
        switch kind {
        case .global: return true
        case .match: return false
        case .host:
            let name = alias.lowercased()
            var matched = false
            for pattern in patterns {
                if pattern.hasPrefix("!") {
                    if Glob.matches(String(pattern.dropFirst()).lowercased(), name) { return false }
                } else if Glob.matches(pattern.lowercased(), name) {
                    matched = true
                }
            }
            return matched
        }
    }
}

/// Splits ssh_config text into statements: `#` comments and blank lines dropped, the keyword
/// separated by whitespace or `=`, double-quoted arguments kept whole.
enum SSHConfigLexer {
    static func statements(_ text: String) -> [SSHConfigStatement] {
        var result: [SSHConfigStatement] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let keywordEnd = line.firstIndex { $0 == " " || $0 == "\t" || $0 == "=" } ?? line.endIndex
            let keyword = line[..<keywordEnd].lowercased()
            var rest = line[keywordEnd...].trimmingWhitespace()
            if rest.hasPrefix("=") { rest = rest.dropFirst().trimmingWhitespace() }
            result.append(SSHConfigStatement(keyword: keyword, arguments: words(rest), line: index + 1))
        }
        return result
    }

    /// Whitespace-separated words; `"a b"` is one word without its quotes.
    static func words(_ s: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var inQuotes = false
        var hasWord = false
        for c in s {
            if c == "\"" {
                inQuotes.toggle()
                hasWord = true
            } else if (c == " " || c == "\t") && !inQuotes {
                if hasWord { words.append(current) }
                current = ""
                hasWord = false
            } else {
                current.append(c)
                hasWord = true
            }
        }
        if hasWord { words.append(current) }
        return words
    }
}

/// ssh_config patterns: `*` any run of characters, `?` exactly one.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(Array(pattern), 0, Array(text), 0)
    }

    private static func matches(_ p: [Character], _ pi: Int, _ t: [Character], _ ti: Int) -> Bool {
        if pi == p.count { return ti == t.count }
        switch p[pi] {
        case "*":
            return (ti...t.count).contains { matches(p, pi + 1, t, $0) }
        case "?":
            return ti < t.count && matches(p, pi + 1, t, ti + 1)
        default:
            return ti < t.count && p[pi] == t[ti] && matches(p, pi + 1, t, ti + 1)
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        let s = Substring(self).drop(while: isSpace)
        var end = s.endIndex
        while end > s.startIndex, isSpace(s[s.index(before: end)]) { end = s.index(before: end) }
        return s[s.startIndex..<end]
    }
}
