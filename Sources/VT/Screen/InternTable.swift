/// Strings referenced from cells by a small number: combining clusters (`Cell.content` at
/// `Cell.clusterBase` and above) and OSC 8 link targets (`Attributes.link`). Bounded: when
/// full, the owner compacts it (keeping only entries still on screen or in history).
struct InternTable {
    private(set) var strings: [String] = []
    private var indices: [String: Int] = [:]
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    var isFull: Bool { strings.count >= limit }

    /// The index of `string`, adding it when new; nil when the table is full.
    mutating func intern(_ string: String) -> Int? {
        if let i = indices[string] { return i }
        guard strings.count < limit else { return nil }
        strings.append(string)
        indices[string] = strings.count - 1
        return strings.count - 1
    }

    func string(_ index: Int) -> String? {
        index >= 0 && index < strings.count ? strings[index] : nil
    }

    /// Keeps only the entries whose old index is in `used` (sorted); returns old → new.
    mutating func compact(keeping used: [Int]) -> [Int: Int] {
        var map: [Int: Int] = [:]
        var kept: [String] = []
        for old in used where old < strings.count {
            map[old] = kept.count
            kept.append(strings[old])
        }
        strings = kept
        indices = [:]
        for (i, s) in kept.enumerated() { indices[s] = i }
        return map
    }

    mutating func removeAll() {
        strings = []
        indices = [:]
    }
}
