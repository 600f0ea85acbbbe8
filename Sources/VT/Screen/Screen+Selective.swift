/// Selective erase (DECSED, DECSEL): ED and EL that leave cells written under DECSCA
/// protection alone. Plain ED/EL erase protected cells too, as xterm does with DEC protection.
extension Screen {
    /// DECSED 0/1/2.
    func selectiveEraseInDisplay(_ mode: Int) {
        pendingWrap = false
        switch mode {
        case 0:
            eraseCells(row: row, column...(columns - 1), selective: true, written: false)
            if row + 1 < rows { for r in (row + 1)..<rows { eraseCells(row: r, 0...(columns - 1), selective: true, written: false) } }
        case 1:   // as ED 1: reaching the last column, the erased cells are never-written ones
            for r in 0..<row { eraseCells(row: r, 0...(columns - 1), selective: true, written: false) }
            eraseCells(row: row, 0...column, selective: true, written: column + 1 < columns)
        case 2:
            for r in 0..<rows { eraseCells(row: r, 0...(columns - 1), selective: true, written: false) }
        default:
            break
        }
    }

    /// DECSEL 0/1/2.
    func selectiveEraseInLine(_ mode: Int) {
        pendingWrap = false
        switch mode {
        case 0: eraseCells(row: row, column...(columns - 1), selective: true, written: false)
        case 1: eraseCells(row: row, 0...column, selective: true, written: column + 1 < columns)
        case 2: eraseCells(row: row, 0...(columns - 1), selective: true, written: false)
        default: break
        }
    }
}
