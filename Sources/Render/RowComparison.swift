import VT

/// Comparing whole rows is most of a frame's work when a program redraws everything with
/// little change (a TUI repainting each line). Equal bytes mean equal cells, so the rows are
/// compared eight bytes at a time first; only when the bytes differ (a real change, or
/// padding and unused enum payload bytes that happen to differ) are the cells compared one
/// by one, which decides.
enum RowComparison {
    static func equal(_ a: Frame, _ rowA: Int, _ b: Frame, _ rowB: Int) -> Bool {
        guard a.columns == b.columns else { return false }
        if bytesEqual(a, rowA * a.columns, b, rowB * b.columns, count: a.columns) { return true }
        return ScrollDetector.rowCells(a, rowA) == ScrollDetector.rowCells(b, rowB)
    }

    /// `count` cells from `index` are equal in both frames (same shape assumed).
    static func cellsEqual(_ a: Frame, _ b: Frame, from index: Int, count: Int) -> Bool {
        if bytesEqual(a, index, b, index, count: count) { return true }
        for i in index..<(index + count) where a.cells[i] != b.cells[i] { return false }
        return true
    }

    private static func bytesEqual(_ a: Frame, _ startA: Int, _ b: Frame, _ startB: Int, count: Int) -> Bool {
        let stride = MemoryLayout<Cell>.stride
        let length = count * stride
        return a.cells.withUnsafeBytes { left in
            b.cells.withUnsafeBytes { right in
                guard let l = left.baseAddress, let r = right.baseAddress else { return length == 0 }
                let p = l + startA * stride, q = r + startB * stride
                var offset = 0
                while offset + 8 <= length {
                    if p.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        != q.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
                    offset += 8
                }
                while offset < length {
                    if p.load(fromByteOffset: offset, as: UInt8.self) != q.load(fromByteOffset: offset, as: UInt8.self) {
                        return false
                    }
                    offset += 1
                }
                return true
            }
        }
    }
}
