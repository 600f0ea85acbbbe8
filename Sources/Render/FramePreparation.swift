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

    /// `next` with its cluster and link indices renumbered where needed so that equal cells
    /// mean equal text and links across the two frames. Only entries the cells use are looked
    /// at, so the cost follows the screen, not the tables (which hold up to 65,536 entries
    /// and, after the emulator sweeps them, reuse numbers: ADR 0007).
    static func aligned(_ next: Frame, to previous: Frame) -> Frame {
        var clusters = Renumbering(next: next.clusters, previous: previous.clusters,
                                   previousUses: previous.cells.lazy.filter(\.isCluster).map { Int($0.content - Cell.clusterBase) })
        var links = Renumbering(next: next.links, previous: previous.links,
                                previousUses: previous.cells.lazy.filter { $0.attributes.link != 0 }.map { Int($0.attributes.link) - 1 })
        var result = next
        for index in result.cells.indices {
            let cell = result.cells[index]
            if cell.isCluster {
                let old = Int(cell.content - Cell.clusterBase)
                let new = clusters.place(old)
                if new != old { result.cells[index].content = Cell.clusterBase + UInt32(new) }
            }
            if cell.attributes.link != 0 {
                let old = Int(cell.attributes.link) - 1
                let new = links.place(old)
                if new != old { result.cells[index].attributes.link = UInt16(truncatingIfNeeded: new + 1) }
            }
        }
        if let table = clusters.table { result.clusters = table }
        if let table = links.table { result.links = table }
        return result
    }

    /// Where each entry of `next`'s table goes: its own number when `previous` has the same
    /// text there; else the number of a `previous` entry with that text that `previous`'s
    /// cells use; else a number past both tables, appended to `table`.
    private struct Renumbering {
        let next: [String], previous: [String]
        let previousUses: LazyMapSequence<LazyFilterSequence<[Cell]>, Int>
        var placed: [Int: Int] = [:]
        var previousByText: [String: Int]?
        /// `next`'s table extended with the appended entries; nil while nothing moved.
        var table: [String]?

        init(next: [String], previous: [String], previousUses: LazyMapSequence<LazyFilterSequence<[Cell]>, Int>) {
            self.next = next
            self.previous = previous
            self.previousUses = previousUses
        }

        mutating func place(_ index: Int) -> Int {
            guard index < next.count else { return index }
            if let known = placed[index] { return known }
            let text = next[index]
            var target = index
            if index >= previous.count || previous[index] != text {
                if previousByText == nil {
                    var byText: [String: Int] = [:]
                    for used in previousUses where used < previous.count && byText[previous[used]] == nil {
                        byText[previous[used]] = used
                    }
                    previousByText = byText
                }
                if let existing = previousByText?[text] {
                    target = existing
                } else if index >= previous.count {
                    target = index  // no cell of `previous` has this number
                } else {
                    var extended = table ?? next
                    if extended.count < previous.count {
                        extended += Array(repeating: "", count: previous.count - extended.count)
                    }
                    target = extended.count
                    extended.append(text)
                    table = extended
                }
            }
            placed[index] = target
            return target
        }
    }
}
