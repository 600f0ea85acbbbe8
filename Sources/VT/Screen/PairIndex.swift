/// (base, mark) → cluster number for `ClusterTable`: open addressing over raw memory, since
/// adding a cluster is the per-byte cost of the worst cluster streams and a generic
/// dictionary costs several times more. A class: the table owns one and never shares it.
final class PairIndex {
    /// 0 marks an empty slot; a key is never 0 (a mark is never U+0000).
    private var keys: UnsafeMutablePointer<UInt64>
    private var values: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    /// 64 − log2(capacity): a slot is the top bits of the key times the golden ratio.
    private var shift: UInt64
    private(set) var count = 0

    init(capacity: Int = 1024) {
        assert(capacity > 0 && capacity & (capacity - 1) == 0, "slots are masked: capacity must be a power of two")
        self.capacity = capacity
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: 0, count: capacity)
    }

    deinit {
        keys.deallocate()
        values.deallocate()
    }

    @inline(__always)
    private static func slot(_ key: UInt64, _ shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    func value(_ key: UInt64) -> UInt32? {
        // Locals: each read of a stored property of a class is an exclusivity check.
        let keys = self.keys, mask = capacity - 1
        var i = PairIndex.slot(key, shift)
        while true {
            let k = keys[i]
            if k == key { return values[i] }
            if k == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    func set(_ key: UInt64, _ value: UInt32) {
        if (count + 1) * 2 > capacity { grow() }
        let keys = self.keys, mask = capacity - 1
        var i = PairIndex.slot(key, shift)
        while keys[i] != 0 && keys[i] != key { i = (i + 1) & mask }
        if keys[i] == 0 { count += 1 }
        keys[i] = key
        values[i] = value
    }

    func removeAll() {
        keys.update(repeating: 0, count: capacity)
        count = 0
    }

    private func grow() {
        let (oldKeys, oldValues, oldCapacity) = (keys, values, capacity)
        capacity *= 2
        shift -= 1
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: 0, count: capacity)
        count = 0
        for i in 0..<oldCapacity where oldKeys[i] != 0 { set(oldKeys[i], oldValues[i]) }
        oldKeys.deallocate()
        oldValues.deallocate()
    }
}
