/// SGR (`CSI … m`): renditions and colours, with both `;` and `:` forms of extended colours
/// (`38;5;n`, `38:5:n`, `38;2;r;g;b`, `38:2::r:g:b`, `38:2:r:g:b`) and `4:n` underline styles.
extension Terminal {
    func selectGraphicRendition(_ p: borrowing Params) {
        var pen = screen.pen
        let count = p.count
        if count == 0 { pen.resetRendition() }
        var i = 0
        if !p.hasSubparameters {
            // The usual form, `;` only: read in place, `38;5;n` and `48;5;n` (most of a
            // 256-colour screen's SGRs) inline, up to the first other extended colour.
            i = p.withValues { values in
                var j = 0
                while j < values.count {
                    let v = Int(values[j])
                    if v == 38 || v == 48, j + 2 < values.count, values[j + 1] == 5 {
                        let color = Color.indexed(UInt8(truncatingIfNeeded: min(values[j + 2], 255)))
                        if v == 38 { pen.foreground = color } else { pen.background = color }
                        j += 3
                    } else if v == 38 || v == 48 || v == 58 {
                        break
                    } else {
                        pen.apply(rendition: v)
                        j += 1
                    }
                }
                return j
            }
        }
        while i < count {
            let v = p[i]
            let subs = p.subparameterCount(after: i)
            switch v {
            case 4 where subs > 0:
                pen.underline = Attributes.Underline(rawValue: UInt8(min(p[i + 1], 255))) ?? pen.underline
                i += 1 + subs
            case 38, 48, 58:
                i += extendedColor(p, at: i, subparameters: subs, into: &pen)
            default:
                pen.apply(rendition: v)
                i += 1 + subs
            }
        }
        screen.pen = pen
    }

    /// Reads the colour after 38/48/58 at `i` into the pen (a malformed one changes nothing);
    /// returns how many parameters the whole group used.
    private func extendedColor(_ p: borrowing Params, at i: Int, subparameters subs: Int,
                               into pen: inout Attributes) -> Int {
        func channel(_ index: Int) -> UInt8 { UInt8(min(p[index], 255)) }
        let color: Color?
        let used: Int
        if subs > 0 {
            // Colon form: everything is in the sub-parameters.
            used = 1 + subs
            switch p[i + 1] {
            case 5 where subs >= 2: color = .indexed(channel(i + 2))
            case 2 where subs >= 5: color = .rgb(channel(i + 3), channel(i + 4), channel(i + 5))   // 38:2:colourspace:r:g:b
            case 2 where subs == 4: color = .rgb(channel(i + 2), channel(i + 3), channel(i + 4))   // 38:2:r:g:b
            default: color = nil
            }
        } else {
            switch p[i + 1] {
            case 5 where i + 2 < p.count: (color, used) = (.indexed(channel(i + 2)), 3)
            case 2 where i + 4 < p.count: (color, used) = (.rgb(channel(i + 2), channel(i + 3), channel(i + 4)), 5)
            default: (color, used) = (nil, p.count - i)
            }
        }
        if let color {
            switch p[i] {
            case 38: pen.foreground = color
            case 48: pen.background = color
            default: pen.underlineColor = color
            }
        }
        return used
    }
}

extension Attributes {
    /// One SGR value that takes no parameters after it (every one but 38, 48 and 58; `4`
    /// alone is single underline); unknown values change nothing.
    @inline(__always)
    mutating func apply(rendition v: Int) {
        switch v {
        case 0: resetRendition()
        case 1: flags.insert(.bold)
        case 2: flags.insert(.faint)
        case 3: flags.insert(.italic)
        case 4: underline = .single
        case 5: flags.insert(.blink)
        case 6: flags.insert(.rapidBlink)
        case 7: flags.insert(.inverse)
        case 8: flags.insert(.hidden)
        case 9: flags.insert(.strikethrough)
        case 21: underline = .double
        case 22: flags.remove([.bold, .faint])
        case 23: flags.remove(.italic)
        case 24: underline = .none
        case 25: flags.remove([.blink, .rapidBlink])
        case 27: flags.remove(.inverse)
        case 28: flags.remove(.hidden)
        case 29: flags.remove(.strikethrough)
        case 30...37: foreground = .indexed(UInt8(v - 30))
        case 39: foreground = .default
        case 40...47: background = .indexed(UInt8(v - 40))
        case 49: background = .default
        case 53: flags.insert(.overline)
        case 55: flags.remove(.overline)
        case 59: underlineColor = .default
        case 90...97: foreground = .indexed(UInt8(v - 90 + 8))
        case 100...107: background = .indexed(UInt8(v - 100 + 8))
        default: break
        }
    }

    /// SGR 0: every rendition and colour off (the OSC 8 link and DECSCA protection stay:
    /// they are not renditions).
    mutating func resetRendition() {
        let link = self.link
        let protected = flags.intersection(.protected)
        self = Attributes()
        self.link = link
        flags = protected
    }
}
