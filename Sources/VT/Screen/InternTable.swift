/// OSC 8 link targets, referenced from styles by a small number (`Attributes.link`). Bounded: when
/// full, the owner sweeps it (dropping entries no cell, style or pen uses) once the bytes fed
/// have paid for that (`CompactionBudget`); until then new strings are refused. A dropped
/// entry's number is reused, so nothing that stays has to be renumbered.
struct InternTable {
    /// A string compared and hashed by its UTF-8 bytes: `String`'s own hashing normalises
    /// (NFC) first, which costs several times more and would merge targets that differ only
    /// in how they are encoded.
    struct Key: Hashable {
        var string: String

        static func == (a: Key, b: Key) -> Bool {
            guard a.string.utf8.count == b.string.utf8.count else { return false }
            var x = a.string, y = b.string
            return x.withUTF8 { p in
                y.withUTF8 { q in
                    for i in 0..<p.count where p[i] != q[i] { return false }
                    return true
                }
            }
        }

        func hash(into hasher: inout Hasher) {
            var s = string
            s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Dropped entries hold "" until reused.
    private(set) var strings: [String] = []
    private var indices: [Key: Int] = [:]
    private var live = UsageBits(count: 0)
    private var freeIndices: [Int] = []
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    var isFull: Bool { strings.count >= limit && freeIndices.isEmpty }

    /// The index of `string`, adding it when new; nil when the table is full.
    mutating func intern(_ string: String) -> Int? {
        let key = Key(string: string)
        if let i = indices[key] { return i }
        let index: Int
        if let reused = freeIndices.popLast() {
            index = reused
            strings[index] = string
            live.insert(index)
        } else {
            guard strings.count < limit else { return nil }
            index = strings.count
            strings.append(string)
            live.insert(index)
        }
        indices[key] = index
        return index
    }

    func string(_ index: Int) -> String? {
        index >= 0 && index < strings.count ? strings[index] : nil
    }

    /// Drops the entries not marked in `used`; returns how many were dropped.
    @discardableResult
    mutating func sweep(keeping used: UsageBits) -> Int {
        let dropped = live.indices(notIn: used)
        for i in dropped {
            indices[Key(string: strings[i])] = nil
            strings[i] = ""
            live.remove(i)
        }
        freeIndices += dropped
        return dropped.count
    }

    mutating func removeAll() {
        strings = []
        indices = [:]
        live = UsageBits(count: 0)
        freeIndices = []
    }
}
