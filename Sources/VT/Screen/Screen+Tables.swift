/// Keeping the cluster and link tables bounded: when one fills up, entries no longer
/// referenced by any cell (screen or history) are dropped and cells renumbered.
extension Screen {
    func compactTables() {
        var usedClusters = Set<Int>()
        var usedLinks = Set<Int>()
        forEachLine { line, width in
            for c in 0..<width {
                let cell = line[c]
                if cell.content >= Cell.clusterBase { usedClusters.insert(Int(cell.content - Cell.clusterBase)) }
                if cell.attributes.link != 0 { usedLinks.insert(Int(cell.attributes.link) - 1) }
            }
        }
        if pen.link != 0 { usedLinks.insert(Int(pen.link) - 1) }
        let clusterMap = clusters.compact(keeping: usedClusters.sorted())
        let linkMap = links.compact(keeping: usedLinks.sorted())
        pairClusters = [:]
        forEachLine { line, width in
            for c in 0..<width {
                if line[c].content >= Cell.clusterBase {
                    let old = Int(line[c].content - Cell.clusterBase)
                    line[c].content = clusterMap[old].map { Cell.clusterBase + UInt32($0) } ?? 0xFFFD
                }
                if line[c].attributes.link != 0 {
                    let old = Int(line[c].attributes.link) - 1
                    line[c].attributes.link = linkMap[old].map { UInt16($0 + 1) } ?? 0
                }
            }
        }
        if pen.link != 0 { pen.link = linkMap[Int(pen.link) - 1].map { UInt16($0 + 1) } ?? 0 }
        for g in [primary, alternate] { g.touch(rows: 0...(rows - 1)) }
    }

    /// Every line of both grids and the history, with the number of cells in use.
    func forEachLine(_ body: (UnsafeMutablePointer<Cell>, Int) -> Void) {
        for g in [primary, alternate] {
            for r in 0..<g.rows { body(g.row(r), g.columns) }
        }
        for i in 0..<history.count {
            let entry = history.line(i)
            body(entry.line.cells, entry.width)
        }
    }

    /// The index + 1 of an OSC 8 target for `Attributes.link` (0 when it cannot be stored).
    func linkID(for uri: String) -> UInt16 {
        if links.isFull { compactTables() }
        return links.intern(uri).map { UInt16($0 + 1) } ?? 0
    }
}
