/// Plain-text search through a `HistoryDocument`, case-smart: a query with no capital letter
/// ignores case, one with a capital matches it exactly. Matching compares one scalar per cell
/// (a wide character is one cell, its spacer is skipped), so a match maps straight back to the
/// columns to highlight. Results are kept per distinct row: rows shared between snapshots are
/// searched once.
public struct HistorySearch {
    public let query: String
    public let ignoresCase: Bool
    private let keys: [UInt32]
    private var cache: [ObjectIdentifier: [Range<Int>]] = [:]

    public init(query: String) {
        self.query = query
        let ignoresCase = !query.unicodeScalars.contains { $0.properties.isUppercase }
        self.ignoresCase = ignoresCase
        // Combining marks are left out: a cluster is compared by its first scalar.
        keys = query.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }
            .map { Self.key($0.value, ignoresCase: ignoresCase) }
    }

    public var isEmpty: Bool { keys.isEmpty }

    /// Column ranges of the matches in `row`, left to right, not overlapping.
    public mutating func matches(in row: HistoryRow) -> [Range<Int>] {
        let id = ObjectIdentifier(row)
        if let known = cache[id] { return known }
        let found = Self.find(keys, in: row, ignoresCase: ignoresCase)
        cache[id] = found
        return found
    }

    /// The next match after (`line`, `column`) going forward, or before it going backward,
    /// wrapping around the document once.
    public mutating func next(in document: HistoryDocument, from line: Int, column: Int,
                              forward: Bool) -> (line: Int, columns: Range<Int>)? {
        let count = document.count
        guard count > 0, !isEmpty else { return nil }
        for step in 0...count {
            let index = ((forward ? line + step : line - step) % count + count) % count
            let found = matches(in: document.rows[index])
            let pick: Range<Int>?
            if step == 0 {
                pick = forward ? found.first { $0.lowerBound > column } : found.last { $0.lowerBound < column }
            } else if step == count {
                pick = forward ? found.first { $0.lowerBound <= column } : found.last { $0.lowerBound >= column }
            } else {
                pick = forward ? found.first : found.last
            }
            if let pick { return (index, pick) }
        }
        return nil
    }

    static func key(_ value: UInt32, ignoresCase: Bool) -> UInt32 {
        let value = value == 0 ? 0x20 : value
        guard ignoresCase else { return value }
        if value < 0x80 { return (0x41...0x5A).contains(value) ? value + 0x20 : value }
        guard let scalar = Unicode.Scalar(value) else { return value }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first!.value : value
    }

    private static func find(_ keys: [UInt32], in row: HistoryRow, ignoresCase: Bool) -> [Range<Int>] {
        var cellKeys: [UInt32] = []
        var columns: [Int] = []
        cellKeys.reserveCapacity(row.cells.count)
        for (column, cell) in row.cells.enumerated() where cell.width != 0 {
            // A combining cluster is compared by its first scalar.
            let value = cell.isCluster ? (row.text(of: cell).unicodeScalars.first?.value ?? 0) : cell.content
            cellKeys.append(key(value, ignoresCase: ignoresCase))
            columns.append(column)
        }
        guard keys.count <= cellKeys.count else { return [] }
        var found: [Range<Int>] = []
        var start = 0
        while start + keys.count <= cellKeys.count {
            var matched = true
            for k in 0..<keys.count where cellKeys[start + k] != keys[k] {
                matched = false
                break
            }
            if matched {
                let last = start + keys.count - 1
                let end = columns[last] + Int(row.cells[columns[last]].width)
                found.append(columns[start]..<end)
                start += keys.count
            } else {
                start += 1
            }
        }
        return found
    }
}
