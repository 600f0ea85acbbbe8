/// Keeping the style, cluster and link tables bounded: when one fills up, entries no longer
/// referenced by any cell (screen or history) or by the pen are dropped and cells renumbered.
extension Screen {
    func compactTables() {
        var usedStyles = Set<UInt32>()
        var usedClusters = Set<Int>()
        forEachLine { line, width in
            for c in 0..<width {
                let cell = line[c]
                usedStyles.insert(cell.style)
                if cell.isCluster { usedClusters.insert(Int(cell.scalar - Cell.clusterBase)) }
            }
        }
        var usedLinks = Set<Int>()
        for id in usedStyles where styles[id].link != 0 { usedLinks.insert(Int(styles[id].link) - 1) }
        if pen.link != 0 { usedLinks.insert(Int(pen.link) - 1) }
        for saved in [savedPrimary, savedAlternate] where saved.pen.link != 0 {
            usedLinks.insert(Int(saved.pen.link) - 1)
        }

        let linkMap = links.compact(keeping: usedLinks.sorted())
        func relink(_ a: Attributes) -> Attributes {
            var a = a
            if a.link != 0 { a.link = linkMap[Int(a.link) - 1].map { UInt16($0 + 1) } ?? 0 }
            return a
        }
        let styleMap = styles.compact(keeping: usedStyles, relink: relink)
        let clusterMap = clusters.compact(keeping: usedClusters.sorted())
        pairClusters = [:]
        forEachLine { line, width in
            for c in 0..<width {
                var cell = line[c]
                if cell.style & StyleTable.tableBit != 0 {
                    let index = Int(cell.style & ~StyleTable.tableBit)
                    cell.style = index < styleMap.count ? styleMap[index] : 0
                }
                if cell.isCluster {
                    let flags = cell.content & ~StoredCell.contentMask
                    let index = clusterMap[Int(cell.scalar - Cell.clusterBase)]
                    cell.content = (index.map { Cell.clusterBase + UInt32($0) } ?? 0xFFFD) | flags
                }
                line[c] = cell
            }
        }
        pen = relink(pen)
        savedPrimary.pen = relink(savedPrimary.pen)
        savedAlternate.pen = relink(savedAlternate.pen)
        invalidateStyleCaches()
        for g in [primary, alternate] { g.touch(rows: 0...(g.rows - 1)) }
    }

    /// Every line of both grids and the history, with the number of cells in use.
    func forEachLine(_ body: (UnsafeMutablePointer<StoredCell>, Int) -> Void) {
        for g in [primary, alternate] {
            for r in 0..<g.rows { body(g.row(r), g.columns) }
        }
        for i in 0..<history.count {
            let entry = history.line(i)
            body(entry.line.cells, entry.width)
        }
    }

    static let linkLengthLimit = 2048

    /// The index + 1 of an OSC 8 target for `Attributes.link` (0 when it cannot be stored).
    func linkID(for uri: String) -> UInt16 {
        guard uri.utf8.count <= Screen.linkLengthLimit else { return 0 }
        if links.isFull { compactTables() }
        return links.intern(uri).map { UInt16($0 + 1) } ?? 0
    }
}
