/// History of lines that scrolled off the top of the primary screen: a ring of at most
/// `limit` lines. A pushed line is taken over without copying; when the ring is full the
/// oldest line's buffer is handed back so the grid can reuse it (no allocation in steady state).
/// The state lives behind a pointer, as Screen's hot state does: a push happens on every
/// scrolled line, and stored class properties would cost a runtime exclusivity check each.
final class Scrollback {
    private struct Store {
        var ring: [Line] = []
        /// Width each stored line was written at.
        var widths: [Int] = []
        var head = 0
        var count = 0
        /// The sum of the stored lines' widths (what a table compaction scans).
        var cellCount = 0
    }

    let limit: Int
    private let store: UnsafeMutablePointer<Store>

    var count: Int { store.pointee.count }
    var cellCount: Int { store.pointee.cellCount }
    private var ring: [Line] {
        get { store.pointee.ring }
        set { store.pointee.ring = newValue }
    }
    private var widths: [Int] {
        get { store.pointee.widths }
        set { store.pointee.widths = newValue }
    }
    private var head: Int {
        get { store.pointee.head }
        set { store.pointee.head = newValue }
    }

    init(limit: Int) {
        self.limit = max(0, limit)
        store = .allocate(capacity: 1)
        store.initialize(to: Store())
    }

    deinit {
        for line in store.pointee.ring { line.free() }
        store.deinitialize(count: 1)
        store.deallocate()
    }

    /// Stores `line` (used at `width` columns). Returns a buffer the caller now owns in its
    /// place: the evicted oldest line when the ring is full, else a fresh one.
    func push(_ line: Line, width: Int) -> Line {
        assert(width <= line.capacity, "a line of \(line.capacity) cells stored as \(width) wide")
        guard limit > 0 else { return line }
        let st = store
        if st.pointee.ring.count < limit {
            st.pointee.ring.append(line)
            st.pointee.widths.append(width)
            st.pointee.count += 1
            st.pointee.cellCount += width
            return Line.allocate(columns: width)
        }
        let h = st.pointee.head
        var oldest = st.pointee.ring[h]
        st.pointee.ring[h] = line
        st.pointee.cellCount += width - st.pointee.widths[h]
        st.pointee.widths[h] = width
        st.pointee.head = h + 1 == limit ? 0 : h + 1
        if oldest.capacity < width {
            oldest.free()
            oldest = Line.allocate(columns: width)
        }
        oldest.wrapped = false
        return oldest
    }

    /// Line `index`, 0 being the oldest kept.
    func line(_ index: Int) -> (line: Line, width: Int) {
        assert(index >= 0 && index < store.pointee.count, "history line \(index) of \(store.pointee.count)")
        let st = store
        let physical = (st.pointee.head + index) % max(st.pointee.ring.count, 1)
        return (st.pointee.ring[physical], st.pointee.widths[physical])
    }

    /// Removes and returns the newest line (used when a resize pulls history back on screen).
    func popNewest() -> (line: Line, width: Int)? {
        guard count > 0 else { return nil }
        let physical = (head + count - 1) % ring.count
        let entry = (ring[physical], widths[physical])
        // Re-pack the ring in order without the newest line.
        var ordered: [Line] = []
        var orderedWidths: [Int] = []
        for i in 0..<(count - 1) {
            let p = (head + i) % ring.count
            ordered.append(ring[p])
            orderedWidths.append(widths[p])
        }
        ring = ordered
        widths = orderedWidths
        head = 0
        store.pointee.count -= 1
        store.pointee.cellCount -= entry.1
        return entry
    }

    func removeAll() {
        for line in ring { line.free() }
        ring = []
        widths = []
        head = 0
        store.pointee.count = 0
        store.pointee.cellCount = 0
    }

    /// All lines oldest first, taken out of the ring (the caller owns them); used by reflow.
    func takeAll() -> [(line: Line, width: Int)] {
        var out: [(Line, Int)] = []
        out.reserveCapacity(count)
        for i in 0..<count { out.append(line(i)) }
        ring = []
        widths = []
        head = 0
        store.pointee.count = 0
        store.pointee.cellCount = 0
        return out
    }
}
