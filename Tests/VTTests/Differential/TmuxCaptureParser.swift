import VT

/// Reads `tmux capture-pane -p -e -N` output into a `ComparableScreen`.
///
/// tmux writes a cell's rendition as the SGR codes that differ from the previous cell, and the
/// state carries from one line to the next. Cells drawn from the DEC special graphics set are
/// written as their ASCII letters between SO and SI; they are mapped back to the characters
/// they show.
enum TmuxCaptureParser {
    static func screen(_ capture: TmuxPane.Capture, columns: Int) -> ComparableScreen {
        var style = ComparableStyle()
        var rows: [[StyledCharacter]] = []
        var shifted = false   // SO/SI state carries across lines like the SGR state
        for line in capture.lines {
            var row: [StyledCharacter] = []
            let scalars = Array(line.unicodeScalars)
            var i = 0
            while i < scalars.count {
                let s = scalars[i]
                if s == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                    var j = i + 2
                    var params = ""
                    while j < scalars.count, !(0x40...0x7E).contains(scalars[j].value) {
                        params.unicodeScalars.append(scalars[j])
                        j += 1
                    }
                    if j < scalars.count, scalars[j] == "m" { applySGR(params, to: &style) }
                    i = j + 1
                    continue
                }
                i += 1
                if s == "\u{0E}" { shifted = true; continue }
                if s == "\u{0F}" { shifted = false; continue }
                if isCombining(s), !row.isEmpty {
                    row[row.count - 1].text.unicodeScalars.append(s)
                    continue
                }
                let text = shifted ? decGraphics(s) : String(s)
                row.append(StyledCharacter(text: text, style: style))
            }
            rows.append(row)
        }
        // tmux reports the column past the edge while a wrap is pending; xterm (and we) keep
        // the cursor on the last column with a pending-wrap flag.
        return ComparableScreen(rows: rows, cursorRow: capture.cursorRow,
                                cursorColumn: min(capture.cursorColumn, columns - 1),
                                cursorVisible: capture.cursorVisible)
    }

    static func isCombining(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return s.value == 0x200D || (0xFE00...0xFE0F).contains(s.value)
        }
    }

    /// VT100 special graphics for 0x5F–0x7E (the letters tmux writes inside SO … SI).
    static func decGraphics(_ s: Unicode.Scalar) -> String {
        let table = Array("\u{00A0}◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·")
        guard (0x5F...0x7E).contains(s.value) else { return String(s) }
        return String(table[Int(s.value) - 0x5F])
    }

    static func applySGR(_ params: String, to style: inout ComparableStyle) {
        let groups = params.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        var i = 0
        func int(_ s: Substring?) -> Int { s.flatMap { Int($0) } ?? 0 }
        while i < groups.count {
            let parts = groups[i].split(separator: ":", omittingEmptySubsequences: false)
            let code = int(parts.first)
            i += 1
            switch code {
            case 0: style = ComparableStyle()
            case 1: style.flags.insert(.bold)
            case 2: style.flags.insert(.faint)
            case 3: style.flags.insert(.italic)
            case 4:
                let n = parts.count > 1 ? int(parts[1]) : 1
                style.underline = Attributes.Underline(rawValue: UInt8(clamping: n)) ?? .single
            case 5, 6: style.flags.insert(.blink)
            case 7: style.flags.insert(.inverse)
            case 8: style.flags.insert(.hidden)
            case 9: style.flags.insert(.strikethrough)
            case 21: style.underline = .double
            case 22: style.flags.subtract([.bold, .faint])
            case 23: style.flags.remove(.italic)
            case 24: style.underline = .none
            case 25: style.flags.remove(.blink)
            case 27: style.flags.remove(.inverse)
            case 28: style.flags.remove(.hidden)
            case 29: style.flags.remove(.strikethrough)
            case 30...37: style.foreground = .indexed(UInt8(code - 30))
            case 39: style.foreground = .default
            case 40...47: style.background = .indexed(UInt8(code - 40))
            case 49: style.background = .default
            case 90...97: style.foreground = .indexed(UInt8(code - 90 + 8))
            case 100...107: style.background = .indexed(UInt8(code - 100 + 8))
            case 38, 48, 58:
                var color = Color.default
                if parts.count > 1 {
                    let values = parts.dropFirst().map { Int($0) ?? 0 }
                    if values.first == 5, values.count >= 2 { color = .indexed(UInt8(clamping: values[1])) }
                    if values.first == 2, values.count >= 4 {
                        let rgb = values.suffix(3).map { UInt8(clamping: $0) }
                        color = .rgb(rgb[0], rgb[1], rgb[2])
                    }
                } else if i < groups.count {
                    let kind = int(Substring(groups[i]))
                    if kind == 5, i + 1 < groups.count {
                        color = .indexed(UInt8(clamping: int(Substring(groups[i + 1]))))
                        i += 2
                    } else if kind == 2, i + 3 < groups.count {
                        color = .rgb(UInt8(clamping: int(Substring(groups[i + 1]))),
                                     UInt8(clamping: int(Substring(groups[i + 2]))),
                                     UInt8(clamping: int(Substring(groups[i + 3]))))
                        i += 4
                    } else {
                        i += 1
                    }
                }
                if code == 38 { style.foreground = color }
                if code == 48 { style.background = color }
            default: break   // 53/55 overline, 59: not compared (see TmuxDifferentialTests)
            }
        }
    }
}
