import VT

/// Puts frames into the shape the differ relies on before they are compared.
enum FramePreparation {
    /// A well-formed copy: every wide cell is followed by its spacer, no spacer stands alone
    /// (both become plain one-column cells), and the cursor lies on the screen.
    static func normalized(_ frame: Frame) -> Frame {
        var result = frame
        result.cursorRow = min(max(frame.cursorRow, 0), max(frame.rows - 1, 0))
        result.cursorColumn = min(max(frame.cursorColumn, 0), max(frame.columns - 1, 0))
        if isWellFormed(frame) { return result }
        let columns = frame.columns
        for row in 0..<frame.rows {
            var column = 0
            while column < columns {
                let cell = frame[row, column]
                if cell.width == 2 {
                    if column + 1 < columns && frame[row, column + 1].width == 0 {
                        column += 2
                        continue
                    }
                    result[row, column] = Cell(content: 0x20, width: 1, attributes: cell.attributes)
                } else if cell.width != 1 {
                    result[row, column] = Cell(content: 0x20, width: 1, attributes: cell.attributes)
                }
                column += 1
            }
        }
        return result
    }

    /// One pass over the cells without copying: true when no wide cell lacks its spacer and
    /// no spacer lacks its wide cell.
    private static func isWellFormed(_ frame: Frame) -> Bool {
        let columns = frame.columns
        return frame.cells.withUnsafeBufferPointer { cells in
            var index = 0
            var column = 0
            while index < cells.count {
                switch cells[index].width {
                case 1:
                    index += 1
                    column += 1
                case 2:
                    guard column + 1 < columns, cells[index + 1].width == 0 else { return false }
                    index += 2
                    column += 2
                default:
                    return false
                }
                if column >= columns { column = 0 }
            }
            return true
        }
    }

    /// `next` with its cluster and link indices renumbered into `previous`'s tables, so that
    /// equal cells mean equal text and links across the two frames. Cheap when one table
    /// extends the other (the usual case for frames from one screen).
    static func aligned(_ next: Frame, to previous: Frame) -> Frame {
        let clusterMap = renumbering(next.clusters, into: previous.clusters)
        let linkMap = renumbering(next.links, into: previous.links)
        if clusterMap == nil && linkMap == nil { return next }

        var result = next
        if let clusterMap {
            result.clusters = clusterMap.table
            for index in result.cells.indices where result.cells[index].isCluster {
                let old = Int(result.cells[index].content - Cell.clusterBase)
                if old < clusterMap.indices.count {
                    result.cells[index].content = Cell.clusterBase + UInt32(clusterMap.indices[old])
                }
            }
        }
        if let linkMap {
            result.links = linkMap.table
            for index in result.cells.indices where result.cells[index].attributes.link != 0 {
                let old = Int(result.cells[index].attributes.link) - 1
                if old < linkMap.indices.count {
                    result.cells[index].attributes.link = UInt16(truncatingIfNeeded: linkMap.indices[old] + 1)
                }
            }
        }
        return result
    }

    /// New positions for `table`'s entries inside `base` (extended with the entries it lacks),
    /// or nil when the tables already agree on every shared index.
    private static func renumbering(_ table: [String], into base: [String])
        -> (indices: [Int], table: [String])? {
        let shared = min(table.count, base.count)
        if table.prefix(shared) == base.prefix(shared) { return nil }
        var position: [String: Int] = [:]
        for (index, text) in base.enumerated() where position[text] == nil { position[text] = index }
        var merged = base
        var indices: [Int] = []
        indices.reserveCapacity(table.count)
        for text in table {
            if let existing = position[text] {
                indices.append(existing)
            } else {
                position[text] = merged.count
                indices.append(merged.count)
                merged.append(text)
            }
        }
        return (indices, merged)
    }
}
