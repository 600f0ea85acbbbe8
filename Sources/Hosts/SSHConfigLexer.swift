/// One `Keyword arguments...` line of an ssh_config file.
struct SSHConfigStatement: Equatable, Sendable {
    /// The keyword lowercased, for matching.
    var keyword: String
    /// The keyword as written, for messages (`IdentityFile`).
    var spelling: String
    var arguments: [String]
    /// The rest of the line after the keyword, as written (quotes kept): the value of the
    /// keywords OpenSSH takes whole, such as ProxyCommand (`SSHConfigSettings.restOfLine`).
    var rest: String = ""
    var line: Int
    /// The included file the line came from, as shown to the person; nil for the file given.
    var file: String? = nil

    init(keyword: String, spelling: String, arguments: [String], rest: String? = nil, line: Int, file: String? = nil) {
        (self.keyword, self.spelling, self.arguments, self.line, self.file) = (keyword, spelling, arguments, line, file)
        self.rest = rest ?? arguments.joined(separator: " ")
    }

    /// `line 7`, or `~/.ssh/conf.d/work line 7` for an included file.
    var location: String {
        guard line > 0 else { return file ?? "ssh_config" }   // `ssh -G`'s lines have no place in a file
        return file.map { "\($0) line \(line)" } ?? "line \(line)"
    }
}

/// Splits ssh_config text into statements the way ssh reads it: lines end at LF (a CR before
/// it is whitespace, so Windows files read the same), `#` starts a comment at the start of a
/// line or of a word, the keyword is separated by whitespace or `=`, double-quoted arguments
/// are kept whole.
enum SSHConfigLexer {
    static func statements(_ text: String, file: String? = nil) -> [SSHConfigStatement] {
        var result: [SSHConfigStatement] = []
        let isSpaceByte: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0d || $0 == 0x0c }
        for (index, bytes) in text.utf8.split(separator: 0x0a, omittingEmptySubsequences: false).enumerated() {
            // Blank and comment lines are skipped on bytes, before any text is made of them.
            guard let first = bytes.firstIndex(where: { !isSpaceByte($0) }), bytes[first] != UInt8(ascii: "#") else { continue }
            let line = String(decoding: bytes[first...], as: UTF8.self).trimmingWhitespace()
            let keywordEnd = line.firstIndex { isSpace($0) || $0 == "=" } ?? line.endIndex
            var rest = line[keywordEnd...].trimmingWhitespace()
            if rest.hasPrefix("=") { rest = rest.dropFirst().trimmingWhitespace() }
            let spelling = String(line[..<keywordEnd])
            result.append(SSHConfigStatement(keyword: spelling.lowercased(), spelling: spelling,
                                             arguments: words(rest), rest: String(rest), line: index + 1, file: file))
        }
        return result
    }

    /// Whitespace-separated words; `"a b"` is one word without its quotes; a `#` where a word
    /// would start ends the line (`User pi  # me` is `pi`), as in ssh.
    static func words(_ s: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var inQuotes = false
        var hasWord = false
        for c in s {
            if c == "\"" {
                inQuotes.toggle()
                hasWord = true
            } else if isSpace(c) && !inQuotes {
                if hasWord { words.append(current) }
                current = ""
                hasWord = false
            } else if c == "#" && !inQuotes && !hasWord {
                break
            } else {
                current.append(c)
                hasWord = true
            }
        }
        if hasWord { words.append(current) }
        return words
    }

    /// ssh's whitespace: space, tab, CR and form feed.
    static func isSpace(_ c: Character) -> Bool {
        c == " " || c == "\t" || c == "\r" || c == "\u{0C}"
    }
}

/// ssh_config patterns: `*` any run of characters, `?` exactly one. Matching backtracks only
/// to the last `*`, so its cost is at most pattern length times text length.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(Array(pattern), Array(text))
    }

    static func matches(_ p: [Character], _ t: [Character]) -> Bool {
        var pi = 0, ti = 0
        var star: (pi: Int, ti: Int)?
        while ti < t.count {
            if pi < p.count && (p[pi] == "?" || (p[pi] != "*" && p[pi] == t[ti])) {
                pi += 1
                ti += 1
            } else if pi < p.count && p[pi] == "*" {
                star = (pi, ti)
                pi += 1
            } else if let last = star {
                pi = last.pi + 1
                ti = last.ti + 1
                star = (last.pi, last.ti + 1)
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}

extension StringProtocol {
    /// The text without leading and trailing ssh_config whitespace (space, tab, CR, form feed).
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = SSHConfigLexer.isSpace
        let s = Substring(self).drop(while: isSpace)
        var end = s.endIndex
        while end > s.startIndex, isSpace(s[s.index(before: end)]) { end = s.index(before: end) }
        return s[s.startIndex..<end]
    }
}
