/// History of lines that scrolled off the top of the primary screen: a ring of at most
/// `limit` lines. A pushed line is taken over without copying; when the ring is full the
/// oldest line's buffer is handed back so the grid can reuse it (no allocation in steady state).
final class Scrollback {
    private(set) var limit: Int
    private var ring: [Line] = []
    /// Width each stored line was written at.
    private var widths: [Int] = []
    private var head = 0
    private(set) var count = 0
    /// The sum of the stored lines' widths (what a table compaction scans).
    private(set) var cellCount = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    deinit {
        for line in ring { line.free() }
    }

    /// Stores `line` (used at `width` columns). Returns a buffer the caller now owns in its
    /// place: the evicted oldest line when the ring is full, else a fresh one.
    func push(_ line: Line, width: Int) -> Line {
        assert(width <= line.capacity, "a line of \(line.capacity) cells stored as \(width) wide")
        guard limit > 0 else { return line }
        if ring.count < limit {
            ring.append(line)
            widths.append(width)
            count += 1
            cellCount += width
            return Line.allocate(columns: width)
        }
        var oldest = ring[head]
        ring[head] = line
        cellCount += width - widths[head]
        widths[head] = width
        head = (head + 1) % limit
        if oldest.capacity < width {
            oldest.free()
            oldest = Line.allocate(columns: width)
        }
        oldest.wrapped = false
        return oldest
    }

    /// Line `index`, 0 being the oldest kept.
    func line(_ index: Int) -> (line: Line, width: Int) {
        assert(index >= 0 && index < count, "history line \(index) of \(count)")
        let physical = (head + index) % max(ring.count, 1)
        return (ring[physical], widths[physical])
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
        count -= 1
        cellCount -= entry.1
        return entry
    }

    func removeAll() {
        for line in ring { line.free() }
        ring = []
        widths = []
        head = 0
        count = 0
        cellCount = 0
    }

    /// All lines oldest first, taken out of the ring (the caller owns them); used by reflow.
    func takeAll() -> [(line: Line, width: Int)] {
        var out: [(Line, Int)] = []
        out.reserveCapacity(count)
        for i in 0..<count { out.append(line(i)) }
        ring = []
        widths = []
        head = 0
        count = 0
        cellCount = 0
        return out
    }
}
