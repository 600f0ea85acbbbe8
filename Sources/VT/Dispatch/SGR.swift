/// SGR (`CSI … m`): renditions and colours, with both `;` and `:` forms of extended colours
/// (`38;5;n`, `38:5:n`, `38;2;r;g;b`, `38:2::r:g:b`, `38:2:r:g:b`) and `4:n` underline styles.
extension Terminal {
    func selectGraphicRendition(_ p: borrowing Params) {
        var pen = screen.pen
        if p.count == 0 {
            pen.resetRendition()
            screen.pen = pen
            return
        }
        var i = 0
        while i < p.count {
            let v = p[i]
            let subs = p.subparameterCount(after: i)
            var consumed = 1 + subs
            switch v {
            case 0: pen.resetRendition()
            case 1: pen.flags.insert(.bold)
            case 2: pen.flags.insert(.faint)
            case 3: pen.flags.insert(.italic)
            case 4:
                if subs > 0 {
                    pen.underline = Attributes.Underline(rawValue: UInt8(min(p[i + 1], 255))) ?? pen.underline
                } else {
                    pen.underline = .single
                }
            case 5: pen.flags.insert(.blink)
            case 6: pen.flags.insert(.rapidBlink)
            case 7: pen.flags.insert(.inverse)
            case 8: pen.flags.insert(.hidden)
            case 9: pen.flags.insert(.strikethrough)
            case 21: pen.underline = .double
            case 22: pen.flags.remove([.bold, .faint])
            case 23: pen.flags.remove(.italic)
            case 24: pen.underline = .none
            case 25: pen.flags.remove([.blink, .rapidBlink])
            case 27: pen.flags.remove(.inverse)
            case 28: pen.flags.remove(.hidden)
            case 29: pen.flags.remove(.strikethrough)
            case 30...37: pen.foreground = .indexed(UInt8(v - 30))
            case 39: pen.foreground = .default
            case 40...47: pen.background = .indexed(UInt8(v - 40))
            case 49: pen.background = .default
            case 53: pen.flags.insert(.overline)
            case 55: pen.flags.remove(.overline)
            case 59: pen.underlineColor = .default
            case 90...97: pen.foreground = .indexed(UInt8(v - 90 + 8))
            case 100...107: pen.background = .indexed(UInt8(v - 100 + 8))
            case 38, 48, 58:
                let (color, used) = extendedColor(p, at: i, subparameters: subs)
                consumed = used
                if let color {
                    if v == 38 { pen.foreground = color } else if v == 48 { pen.background = color } else { pen.underlineColor = color }
                }
            default:
                break
            }
            i += consumed
        }
        screen.pen = pen
    }

    /// Reads the colour after 38/48/58 at `i`; returns it (nil if malformed) and how many
    /// parameters the whole group used.
    private func extendedColor(_ p: borrowing Params, at i: Int, subparameters subs: Int) -> (Color?, Int) {
        func channel(_ index: Int) -> UInt8 { UInt8(min(p[index], 255)) }
        if subs > 0 {
            // Colon form: everything is in the sub-parameters.
            switch p[i + 1] {
            case 5 where subs >= 2:
                return (.indexed(channel(i + 2)), 1 + subs)
            case 2 where subs >= 5:   // 38:2:colourspace:r:g:b
                return (.rgb(channel(i + 3), channel(i + 4), channel(i + 5)), 1 + subs)
            case 2 where subs == 4:   // 38:2:r:g:b
                return (.rgb(channel(i + 2), channel(i + 3), channel(i + 4)), 1 + subs)
            default:
                return (nil, 1 + subs)
            }
        }
        switch p[i + 1] {
        case 5 where i + 2 < p.count:
            return (.indexed(channel(i + 2)), 3)
        case 2 where i + 4 < p.count:
            return (.rgb(channel(i + 2), channel(i + 3), channel(i + 4)), 5)
        default:
            return (nil, p.count - i)
        }
    }
}

extension Attributes {
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
