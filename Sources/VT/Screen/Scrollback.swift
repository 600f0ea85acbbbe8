/// History of lines that scrolled off the top of the primary screen: a ring of at most
/// `limit` rows, each stored compacted (`CompactRow`, ADR 0014) in 64 KiB chunks appended
/// in order. A push encodes the row and hands its buffer straight back to the grid (no
/// allocation per line); dropping the oldest rows frees whole chunks once no kept row is in
/// them. Reading decodes. The state lives behind a pointer, as Screen's hot state does: a push
/// happens on every scrolled line, and stored class properties would cost a runtime
/// exclusivity check each.
final class Scrollback {
    /// Where one row's bytes are: chunk (by sequence number), offset, and the row's width.
    private struct Entry {
        var chunk: Int
        var offset: Int
        var width: Int
    }

    private struct Store {
        var ring: [Entry] = []
        var head = 0
        var count = 0
        /// The sum of the stored rows' widths (what a table compaction scans).
        var cellCount = 0
        /// Chunks oldest first; `chunks[i]` has sequence number `firstChunk + i`.
        var chunks: [UnsafeMutableRawBufferPointer] = []
        var firstChunk = 0
        /// Bytes used in the newest chunk.
        var used = 0
        /// The last chunk freed, kept for the next: glibc consolidates its whole heap on each
        /// free of 64 KiB or more, which a flood (a chunk every few hundred lines) paid for.
        var spare: UnsafeMutableRawBufferPointer?
        /// Chunks allocated since the history began (the spare's reuse keeps it small).
        var allocations = 0
    }

    static let chunkSize = 64 * 1024

    let limit: Int
    private let store: UnsafeMutablePointer<Store>

    var count: Int { store.pointee.count }
    var cellCount: Int { store.pointee.cellCount }

    /// Bytes held by the chunks (what the history costs, bar the ring of entries).
    var storedBytes: Int { store.pointee.chunks.reduce(store.pointee.spare?.count ?? 0) { $0 + $1.count } }

    /// Chunks allocated so far (a flood that drops old rows reuses the one it freed).
    var chunksAllocated: Int { store.pointee.allocations }

    init(limit: Int) {
        self.limit = max(0, limit)
        store = .allocate(capacity: 1)
        store.initialize(to: Store())
    }

    deinit {
        for chunk in store.pointee.chunks { chunk.deallocate() }
        store.pointee.spare?.deallocate()
        store.deinitialize(count: 1)
        store.deallocate()
    }

    /// Stores `line` (used at `width` columns). Its cells are copied out: the caller keeps the buffer.
    func push(_ line: Line, width: Int) {
        assert(width <= line.capacity, "a line of \(line.capacity) cells stored as \(width) wide")
        guard limit > 0 else { return }
        let st = store
        let need = CompactRow.maximumSize(width: width)
        if st.pointee.chunks.isEmpty || st.pointee.used + need > st.pointee.chunks[st.pointee.chunks.count - 1].count {
            if need <= Scrollback.chunkSize, let spare = st.pointee.spare {
                st.pointee.chunks.append(spare)
                st.pointee.spare = nil
            } else {
                st.pointee.chunks.append(.allocate(byteCount: max(Scrollback.chunkSize, need), alignment: 8))
                st.pointee.allocations += 1
            }
            st.pointee.used = 0
        }
        let chunkIndex = st.pointee.chunks.count - 1
        let base = st.pointee.chunks[chunkIndex].baseAddress!.assumingMemoryBound(to: UInt8.self)
        let offset = st.pointee.used
        st.pointee.used += CompactRow.encode(line.cells, width: width, wrapped: line.wrapped, into: base + offset)
        let entry = Entry(chunk: st.pointee.firstChunk + chunkIndex, offset: offset, width: width)
        if st.pointee.ring.count < limit {
            st.pointee.ring.append(entry)
            st.pointee.count += 1
            st.pointee.cellCount += width
            return
        }
        let h = st.pointee.head
        st.pointee.cellCount += width - st.pointee.ring[h].width
        st.pointee.ring[h] = entry
        st.pointee.head = h + 1 == limit ? 0 : h + 1
        freeChunks(before: st.pointee.ring[st.pointee.head].chunk)
    }

    /// Frees the chunks older than sequence number `chunk` (no kept row is in them).
    private func freeChunks(before chunk: Int) {
        let st = store
        let drop = chunk - st.pointee.firstChunk
        guard drop > 0 else { return }
        for i in 0..<drop {
            let chunk = st.pointee.chunks[i]
            if st.pointee.spare == nil && chunk.count == Scrollback.chunkSize {
                st.pointee.spare = chunk
            } else {
                chunk.deallocate()
            }
        }
        st.pointee.chunks.removeFirst(drop)
        st.pointee.firstChunk = chunk
    }

    private func entry(_ index: Int) -> Entry {
        assert(index >= 0 && index < store.pointee.count, "history line \(index) of \(store.pointee.count)")
        let st = store
        return st.pointee.ring[(st.pointee.head + index) % max(st.pointee.ring.count, 1)]
    }

    private func bytes(of entry: Entry) -> UnsafePointer<UInt8> {
        let chunk = store.pointee.chunks[entry.chunk - store.pointee.firstChunk]
        return UnsafePointer(chunk.baseAddress!.assumingMemoryBound(to: UInt8.self) + entry.offset)
    }

    /// The width line `index` (0 = oldest) was written at.
    func width(_ index: Int) -> Int { entry(index).width }

    /// Decodes line `index` into `cells` (room for `width(index)` cells); returns whether it was wrapped.
    @discardableResult
    func decode(_ index: Int, into cells: UnsafeMutablePointer<StoredCell>) -> Bool {
        let e = entry(index)
        return CompactRow.decode(bytes(of: e), width: e.width, into: cells)
    }

    /// Line `index` (0 = oldest) in a new buffer the caller owns, with its width.
    func line(_ index: Int) -> (line: Line, width: Int) {
        let e = entry(index)
        var line = Line.allocate(columns: e.width)
        line.wrapped = CompactRow.decode(bytes(of: e), width: e.width, into: line.cells)
        return (line, e.width)
    }

    /// Whether line `index` continued on the next one: the row's first byte, nothing decoded.
    func isWrapped(_ index: Int) -> Bool {
        CompactRow.isWrapped(bytes(of: entry(index)))
    }

    /// Every line oldest first, decoded into one scratch buffer that `body` may read but not keep.
    func forEachLine(_ body: (UnsafeMutablePointer<StoredCell>, Int) -> Void) {
        guard count > 0 else { return }
        var widest = 1
        for e in store.pointee.ring { widest = max(widest, e.width) }
        let scratch = Line.allocate(columns: widest)
        defer { scratch.free() }
        for i in 0..<count {
            let e = entry(i)
            CompactRow.decode(bytes(of: e), width: e.width, into: scratch.cells)
            body(scratch.cells, e.width)
        }
    }

    /// Removes and returns the newest line (used when a resize pulls history back on screen).
    func popNewest() -> (line: Line, width: Int)? {
        guard count > 0 else { return nil }
        let result = line(count - 1)
        let st = store
        // Re-pack the ring in order without the newest line.
        var ordered: [Entry] = []
        ordered.reserveCapacity(count - 1)
        for i in 0..<(count - 1) { ordered.append(entry(i)) }
        st.pointee.ring = ordered
        st.pointee.head = 0
        st.pointee.count -= 1
        st.pointee.cellCount -= result.width
        if st.pointee.count == 0 { removeAll() }
        return result
    }

    func removeAll() {
        let st = store
        for chunk in st.pointee.chunks { chunk.deallocate() }
        st.pointee.spare?.deallocate()
        st.pointee = Store()
    }

    /// All lines oldest first, taken out of the history (the caller owns them); used by reflow.
    func takeAll() -> [(line: Line, width: Int)] {
        var out: [(Line, Int)] = []
        out.reserveCapacity(count)
        for i in 0..<count { out.append(line(i)) }
        removeAll()
        return out
    }
}
