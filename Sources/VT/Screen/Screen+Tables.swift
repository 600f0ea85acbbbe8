/// Keeping the style, cluster and link tables bounded: when one fills up, entries no longer
/// referenced by any cell (screen or history) or by a pen are dropped and their numbers
/// reused (nothing is renumbered, so a sweep is one read-only pass over the cells). A sweep
/// runs only when the bytes fed have paid for it (`CompactionBudget`); until then a full
/// table answers with a fallback that costs nothing: the nearest palette colours for a style,
/// no link, a combining mark left off. Only a stream that keeps a table full of entries still
/// on screen or in the history (tens of thousands of distinct colours) ever sees those.
extension Screen {
    /// Cells and table entries one sweep visits.
    var compactionCost: Int {
        primary.rows * primary.columns + alternate.rows * alternate.columns + history.cellCount
            + styles.count + links.strings.count + clusters.strings.count
    }

    /// Sweeps the tables when the budget covers it; false when it does not (use a fallback).
    @discardableResult
    func compactTablesIfPaid() -> Bool {
        let cost = compactionCost
        guard budget.affords(cost) else { return false }
        budget.spend(cost)
        compactTables()
        return true
    }

    private func compactTables() {
        let marked = markCells()
        var usedStyles = marked.styles
        let usedClusters = marked.clusters
        // The pen's style, looked up for a character not stored yet (`print` reads it before the
        // cells it writes are erased, which may sweep; `printUTF8` reads it once a stretch).
        if let pen = lookedUpPenStyle, pen & StyleTable.tableBit != 0, Int(pen & ~StyleTable.tableBit) < styles.count {
            usedStyles.insert(Int(pen & ~StyleTable.tableBit))
        }
        var usedLinks = UsageBits(count: links.strings.count)
        for index in usedStyles.indices where styles.styles[index].link != 0 {
            usedLinks.insert(Int(styles.styles[index].link) - 1)
        }
        for p in [pen, savedPrimary.pen, savedAlternate.pen] where p.link != 0 { usedLinks.insert(Int(p.link) - 1) }

        styles.sweep(keeping: usedStyles)
        links.sweep(keeping: usedLinks)
        clusters.sweep(keeping: usedClusters)
        invalidateStyleCaches()
    }

    /// The table styles and clusters the cells of both grids and the history use.
    private func markCells() -> (styles: UsageBits, clusters: UsageBits) {
        let styleCount = styles.count, clusterCount = clusters.strings.count
        var styleWords = [UInt64](repeating: 0, count: (styleCount + 63) / 64)
        var clusterWords = [UInt64](repeating: 0, count: (clusterCount + 63) / 64)
        styleWords.withUnsafeMutableBufferPointer { styleBits in
            clusterWords.withUnsafeMutableBufferPointer { clusterBits in
                // Plain pointer loops: this pass is most of a sweep's cost.
                forEachLine { line, width in
                    var cell = line
                    let end = line + width
                    while cell < end {
                        let style = cell.pointee.style, scalar = cell.pointee.content & StoredCell.contentMask
                        if style & StyleTable.tableBit != 0 {
                            let i = Int(style & ~StyleTable.tableBit)
                            if i < styleCount { styleBits[i >> 6] |= 1 << UInt64(i & 63) }
                        }
                        if scalar >= Cell.clusterBase {
                            let i = Int(scalar - Cell.clusterBase)
                            if i < clusterCount { clusterBits[i >> 6] |= 1 << UInt64(i & 63) }
                        }
                        cell += 1
                    }
                }
            }
        }
        return (UsageBits(words: styleWords), UsageBits(words: clusterWords))
    }

    /// Every line of both grids and the history, with the number of cells in use.
    func forEachLine(_ body: (UnsafeMutablePointer<StoredCell>, Int) -> Void) {
        for g in [primary, alternate] {
            for r in 0..<g.rows { body(g.row(r), g.columns) }
        }
        history.forEachLine(body)
    }

    static let linkLengthLimit = 2048

    /// The index + 1 of an OSC 8 target for `Attributes.link` (0 when it cannot be stored).
    func linkID(for uri: String) -> UInt16 {
        guard uri.utf8.count <= Screen.linkLengthLimit else { return 0 }
        if links.isFull { compactTablesIfPaid() }
        return links.intern(uri).map { UInt16($0 + 1) } ?? 0
    }
}
