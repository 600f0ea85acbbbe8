/// Combining clusters (a base character and its marks), referenced from cells as
/// `Cell.clusterBase + index`. A cluster is found by (base, mark), the base being a scalar or
/// the code of the cluster it grows from, never by its text: adding a mark costs one integer
/// lookup, however hostile the stream. Bounded: when full, the owner sweeps it (dropping
/// clusters no cell uses; their numbers are reused) once the bytes fed have paid for that
/// (`CompactionBudget`); until then new clusters are refused. A class the screen holds as a
/// `let`: a lookup (every combining mark) then reads no stored property of the screen, each
/// read of which costs a runtime exclusivity check (about 70 instructions a mark).
final class ClusterTable {
    static let limit = 1 << 16

    /// Dropped clusters hold "" until their number is reused.
    private(set) var strings: [String] = []
    private var live = UsageBits(count: 0)
    private var freeIndices: [Int] = []
    /// (base << 32 | mark) → index.
    private let pairs = PairIndex()

    var isFull: Bool { strings.count >= ClusterTable.limit && freeIndices.isEmpty }

    func string(_ index: Int) -> String? {
        index >= 0 && index < strings.count ? strings[index] : nil
    }

    /// The cluster made of `base` followed by `mark`, if one was added.
    func index(base: UInt32, mark: UInt32) -> UInt32? {
        pairs.value(UInt64(base) << 32 | UInt64(mark))
    }

    /// Adds `text`, the cluster `base` + `mark`; nil when the table is full.
    func add(_ text: String, base: UInt32, mark: UInt32) -> UInt32? {
        let index: Int
        if let reused = freeIndices.popLast() {
            index = reused
            strings[index] = text
            live.insert(index)
        } else {
            guard strings.count < ClusterTable.limit else { return nil }
            index = strings.count
            strings.append(text)
            live.insert(index)
        }
        pairs.set(UInt64(base) << 32 | UInt64(mark), UInt32(index))
        return UInt32(index)
    }

    /// Drops the clusters not marked in `used`; returns how many were dropped. The (base, mark)
    /// index is then started afresh, as it may name dropped clusters (as a result or as a
    /// base): a cluster seen again is added again, under a new number.
    @discardableResult
    func sweep(keeping used: UsageBits) -> Int {
        let dropped = live.indices(notIn: used)
        for i in dropped {
            strings[i] = ""
            live.remove(i)
        }
        freeIndices += dropped
        if !dropped.isEmpty { pairs.removeAll() }
        return dropped.count
    }

    func removeAll() {
        strings = []
        live = UsageBits(count: 0)
        freeIndices = []
        pairs.removeAll()
    }
}
