/// Writing characters: the bulk ASCII path, single characters (wide, combining), REP.
extension Screen {
    /// Prints a run of ASCII 0x20–0x7E with the current pen: whole slices per row.
    func printASCII(_ run: UnsafeBufferPointer<UInt8>) {
        guard let base = run.baseAddress, !run.isEmpty else { return }
        if translating || modes.insert {
            for b in run { print(UInt32(b)) }
            return
        }
        var cell = Cell(content: 0, width: 1, attributes: pen)
        let n = run.count
        var i = 0
        while i < n {
            if pendingWrap { wrap() }
            let limit = rightLimit
            let count = min(limit + 1 - column, n - i)
            let line = grid.row(row)
            prepareOverwrite(line, column, column + count)
            let dst = line + column
            let src = base + i
            for k in 0..<count {
                cell.content = UInt32(src[k])
                dst[k] = cell
            }
            grid.touch(row)
            i += count
            column += count
            if column > limit {
                column = limit
                if modes.autowrap {
                    pendingWrap = true
                } else if i < n {
                    // Without autowrap the rest overwrites the last column: the last one stays.
                    cell.content = UInt32(base[n - 1])
                    line[limit] = cell
                    i = n
                }
            }
        }
        lastPrinted = UInt32(base[n - 1])
    }

    /// Prints one character (after charset translation), handling width and combining marks.
    func print(_ input: UInt32) {
        let scalar = translate(input)
        let width = CharacterWidth.of(scalar)
        if width == 0 {
            combine(scalar)
            return
        }
        if pendingWrap { wrap() }
        var limit = rightLimit
        if width == 2 && column == limit {
            // A wide character does not fit in the last column: wrap first (or drop it).
            guard modes.autowrap, limit > leftLimit else { return }
            grid.row(row)[column] = eraseCell
            pendingWrap = true
            wrap()
            limit = rightLimit
        }
        if modes.insert { insertBlanks(width) }
        let line = grid.row(row)
        prepareOverwrite(line, column, column + width)
        line[column] = Cell(content: scalar, width: UInt8(width), attributes: pen)
        if width == 2 {
            line[column + 1] = Cell(content: 0, width: 0, attributes: pen)
        }
        grid.touch(row)
        lastPrinted = scalar
        column += width
        if column > limit {
            column = limit
            if modes.autowrap { pendingWrap = true }
        }
    }

    /// REP: the last printed character `count` more times.
    func repeatLast(_ count: Int) {
        guard lastPrinted != 0 else { return }
        let scalar = lastPrinted
        for _ in 0..<min(count, columns * rows) { print(scalar) }
    }

    /// Autowrap: continue at the left margin of the next line (scrolling if needed).
    @inline(__always)
    func wrap() {
        pendingWrap = false
        guard modes.autowrap else { return }
        grid.setWrapped(row, true)
        column = leftLimit
        index()
    }

    /// Before cells `start..<end` of `line` are overwritten: a wide character cut in half by
    /// the edges loses its other half too.
    @inline(__always)
    func prepareOverwrite(_ line: UnsafeMutablePointer<Cell>, _ start: Int, _ end: Int) {
        if start > 0 && line[start].width == 0 {
            line[start - 1] = Cell(content: 0, width: 1, attributes: line[start - 1].attributes)
        }
        if end < columns && line[end].width == 0 {
            line[end] = Cell(content: 0, width: 1, attributes: line[end].attributes)
        }
    }

    /// Joins a zero-width character to the cell before the cursor.
    private func combine(_ mark: UInt32) {
        var target = pendingWrap ? column : column - 1
        guard target >= 0 else { return }
        let line = grid.row(row)
        if line[target].width == 0 && target > 0 { target -= 1 }
        let base = line[target].content
        guard base != 0 else { return }
        if let index = clusterIndex(base: base, mark: mark) {
            line[target].content = Cell.clusterBase + UInt32(index)
            grid.touch(row)
        }
    }

    private func clusterIndex(base: UInt32, mark: UInt32) -> UInt32? {
        let key = UInt64(base) << 32 | UInt64(mark)
        if let cached = pairClusters[key] { return cached }
        var text: String
        if base >= Cell.clusterBase {
            text = clusters.string(Int(base - Cell.clusterBase)) ?? ""
        } else {
            text = Unicode.Scalar(base).map { String(Character($0)) } ?? ""
        }
        guard let scalar = Unicode.Scalar(mark) else { return nil }
        text.unicodeScalars.append(scalar)
        if clusters.isFull { compactTables() }
        guard let index = clusters.intern(text) else { return nil }
        pairClusters[key] = UInt32(index)
        return UInt32(index)
    }
}
