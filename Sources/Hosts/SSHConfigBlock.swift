/// One `Host` pattern, lowercased and split into characters once (ssh compares names
/// case-insensitively), so matching many aliases does not redo that work.
struct HostPattern: Sendable {
    let negated: Bool
    let characters: [Character]
    /// True when the pattern has no `*` or `?`, so it names exactly one computer.
    let isLiteral: Bool

    init(_ text: String) {
        negated = text.hasPrefix("!")
        characters = Array((negated ? String(text.dropFirst()) : text).lowercased())
        isLiteral = !characters.contains("*") && !characters.contains("?")
    }
}

/// A run of settings that apply together: the globals, a `Host` or `Match` section, or the
/// part of one that an `Include` interrupted. It applies to an alias when every condition does.
struct SSHConfigBlock: Sendable {
    enum Condition: Sendable {
        /// A `Host` line's patterns.
        case hosts([HostPattern])
        /// A `Match` line: never evaluated, so never applies here.
        case match
    }

    var conditions: [Condition]
    var settings: [SSHConfigStatement] = []

    /// `name` is the alias lowercased, as characters.
    func applies(to name: [Character]) -> Bool {
        conditions.allSatisfy { condition in
            switch condition {
            case .match: return false
            case .hosts(let patterns): return Self.matches(patterns, name)
            }
        }
    }

    /// ssh's rule: some pattern matches and no negated pattern does.
    static func matches(_ patterns: [HostPattern], _ name: [Character]) -> Bool {
        var matched = false
        for pattern in patterns {
            if pattern.negated {
                if Glob.matches(pattern.characters, name) { return false }
            } else if !matched, Glob.matches(pattern.characters, name) {
                matched = true
            }
        }
        return matched
    }

    /// The only (lowercased) names this block can apply to, when its own `Host` line names
    /// them literally; nil when any name might match (globals, wildcards).
    var literalNames: Set<String>? {
        guard let own = conditions.last else { return nil }
        switch own {
        case .match:
            return []
        case .hosts(let patterns):
            let positive = patterns.filter { !$0.negated }
            guard positive.allSatisfy(\.isLiteral) else { return nil }
            return Set(positive.map { String($0.characters) })
        }
    }
}

/// Which blocks may apply to a name, in config order, without trying every block: a block
/// whose Host line names computers literally is found by name; globals and wildcard sections
/// are tried for every name. Resolving each alias then costs about the sections that concern
/// it, not the whole config.
struct SSHConfigBlockIndex {
    private var byName: [String: [Int]] = [:]
    private var everyName: [Int] = []

    init(_ blocks: [SSHConfigBlock]) {
        for (index, block) in blocks.enumerated() {
            guard let names = block.literalNames else {
                everyName.append(index)
                continue
            }
            for name in names { byName[name, default: []].append(index) }
        }
    }

    /// Indices of the blocks that may apply to `name` (lowercased), ascending.
    func candidates(for name: String) -> [Int] {
        let named = byName[name] ?? []
        var merged: [Int] = []
        merged.reserveCapacity(named.count + everyName.count)
        var a = 0, b = 0
        while a < named.count || b < everyName.count {
            if b == everyName.count || (a < named.count && named[a] < everyName[b]) {
                merged.append(named[a])
                a += 1
            } else {
                merged.append(everyName[b])
                b += 1
            }
        }
        return merged
    }
}
