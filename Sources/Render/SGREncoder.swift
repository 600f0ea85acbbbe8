import VT

/// Builds the shortest SGR sequence that changes the terminal's pen from one rendition to
/// another: either the individual changes, or a reset followed by the full rendition.
/// Hyperlinks are not SGR and are ignored here (see `FrameDiff`).
public enum SGREncoder {
    /// Bytes that turn `pen` into `target` (empty when they already look the same).
    public static func transition(from pen: Attributes, to target: Attributes, truecolor: Bool) -> [UInt8] {
        var out: [UInt8] = []
        appendTransition(from: pen, to: target, truecolor: truecolor, into: &out)
        return out
    }

    /// Appends to `out` what `transition` returns. Both candidates are written straight into
    /// `out` (no working buffers) and the longer one is taken back; when only colours change
    /// to non-default ones (a flood of coloured cells) the reset cannot win and is skipped.
    static func appendTransition(from pen: Attributes, to target: Attributes, truecolor: Bool,
                                 into out: inout [UInt8]) {
        // Equal renditions stay equal once adapted: the common case returns before adapting.
        if sameRendition(pen, target) { return }
        let pen = adapted(pen, truecolor: truecolor)
        let target = adapted(target, truecolor: truecolor)
        if sameRendition(pen, target) { return }

        out.appendCSI()
        if sameRendition(target, .plain) {
            out.append(UInt8(ascii: "m"))  // `CSI m`: no parameter is shorter than any change
            return
        }
        let start = out.count
        appendChanges(from: pen, to: target, into: &out, start: start)
        if resetIsLonger(from: pen, to: target) {
            out.append(UInt8(ascii: "m"))
            return
        }
        let incrementalEnd = out.count
        out.append(UInt8(ascii: "0"))
        appendChanges(from: .plain, to: target, into: &out, start: incrementalEnd)
        let resetLength = out.count - incrementalEnd
        if resetLength <= incrementalEnd - start {
            out.removeSubrange(start..<incrementalEnd)
        } else {
            out.removeLast(resetLength)
        }
        out.append(UInt8(ascii: "m"))
    }

    /// True when the reset form (`0;` and every parameter of `target`) is surely longer than
    /// the changes: only colours change, each to a non-default colour, whose parameters the
    /// reset form repeats after its `0;`.
    private static func resetIsLonger(from pen: Attributes, to target: Attributes) -> Bool {
        pen.flags == target.flags && pen.underline == target.underline
            && pen.underlineColor == target.underlineColor
            && (pen.foreground == target.foreground || target.foreground != .default)
            && (pen.background == target.background || target.background != .default)
    }

    /// True when two renditions draw the same (links aside). DECSCA protection is not drawn:
    /// counted as a change, it made an empty change list pass for the shortest form, a bare
    /// `CSI m` that reset the local pen the painter still believed set.
    static func sameRendition(_ a: Attributes, _ b: Attributes) -> Bool {
        a.flags.subtracting(.protected) == b.flags.subtracting(.protected) && a.underline == b.underline
            && a.foreground == b.foreground
            && a.background == b.background && a.underlineColor == b.underlineColor
    }

    static func adapted(_ attributes: Attributes, truecolor: Bool) -> Attributes {
        if truecolor { return attributes }
        if !attributes.foreground.isRGB && !attributes.background.isRGB && !attributes.underlineColor.isRGB {
            return attributes
        }
        var copy = attributes
        copy.foreground = ColorDowngrade.adapt(copy.foreground, truecolor: false)
        copy.background = ColorDowngrade.adapt(copy.background, truecolor: false)
        copy.underlineColor = ColorDowngrade.adapt(copy.underlineColor, truecolor: false)
        return copy
    }

    /// Appends the `;`-separated parameters that turn `pen` into `target`; parameters written
    /// after `start` get a separator first.
    private static func appendChanges(from pen: Attributes, to target: Attributes,
                                      into out: inout [UInt8], start: Int) {
        let list = Parameters(start: start)
        typealias F = Attributes.Flags
        let removed = pen.flags.subtracting(target.flags)
        let added = target.flags.subtracting(pen.flags)

        // 22 clears bold and faint together, 25 both blinks: re-add the survivor.
        pairedFlags(F.bold, 1, F.faint, 2, off: 22, removed: removed, added: added, target: target.flags, into: list, out: &out)
        if removed.contains(.italic) { list.add(23, to: &out) } else if added.contains(.italic) { list.add(3, to: &out) }
        if target.underline != pen.underline {
            switch target.underline {
            case .none: list.add(24, to: &out)
            case .single: list.add(4, to: &out)
            default: list.add(4, to: &out, then: Int(target.underline.rawValue))
            }
        }
        pairedFlags(F.blink, 5, F.rapidBlink, 6, off: 25, removed: removed, added: added, target: target.flags, into: list, out: &out)
        if removed.contains(.inverse) { list.add(27, to: &out) } else if added.contains(.inverse) { list.add(7, to: &out) }
        if removed.contains(.hidden) { list.add(28, to: &out) } else if added.contains(.hidden) { list.add(8, to: &out) }
        if removed.contains(.strikethrough) { list.add(29, to: &out) } else if added.contains(.strikethrough) { list.add(9, to: &out) }
        if removed.contains(.overline) { list.add(55, to: &out) } else if added.contains(.overline) { list.add(53, to: &out) }

        if target.foreground != pen.foreground { appendColor(target.foreground, base: 30, bright: 90, into: list, out: &out) }
        if target.background != pen.background { appendColor(target.background, base: 40, bright: 100, into: list, out: &out) }
        if target.underlineColor != pen.underlineColor {
            switch target.underlineColor {
            case .default: list.add(59, to: &out)
            case .indexed(let n): list.add(58, to: &out, then: 5, Int(n))
            case let .rgb(r, g, b): list.add(58, to: &out, then: 2, -1, Int(r), Int(g), Int(b))
            }
        }
    }

    private static func pairedFlags(_ first: Attributes.Flags, _ firstCode: Int,
                                    _ second: Attributes.Flags, _ secondCode: Int, off: Int,
                                    removed: Attributes.Flags, added: Attributes.Flags,
                                    target: Attributes.Flags, into list: Parameters, out: inout [UInt8]) {
        if removed.contains(first) || removed.contains(second) {
            list.add(off, to: &out)
            if target.contains(first) { list.add(firstCode, to: &out) }
            if target.contains(second) { list.add(secondCode, to: &out) }
        } else {
            if added.contains(first) { list.add(firstCode, to: &out) }
            if added.contains(second) { list.add(secondCode, to: &out) }
        }
    }

    private static func appendColor(_ color: Color, base: Int, bright: Int,
                                    into list: Parameters, out: inout [UInt8]) {
        switch color {
        case .default:
            list.add(base + 9, to: &out)
        case .indexed(let n) where n < 8:
            list.add(base + Int(n), to: &out)
        case .indexed(let n) where n < 16:
            list.add(bright + Int(n) - 8, to: &out)
        case .indexed(let n):
            list.add(base + 8, to: &out)
            list.add(5, to: &out)
            list.add(Int(n), to: &out)
        case let .rgb(r, g, b):
            list.add(base + 8, to: &out)
            list.add(2, to: &out)
            list.add(Int(r), to: &out)
            list.add(Int(g), to: &out)
            list.add(Int(b), to: &out)
        }
    }
}

/// Writes `;`-separated SGR parameters into a frame's bytes: every parameter after the
/// first written since `start` gets its separator.
struct Parameters {
    let start: Int

    func add(_ value: Int, to out: inout [UInt8]) {
        if out.count > start { out.append(UInt8(ascii: ";")) }
        out.appendNumber(value)
    }

    /// `value` with `:`-separated sub-parameters; -1 leaves one empty (`58:2::r:g:b`).
    func add(_ value: Int, to out: inout [UInt8], then subparameters: Int...) {
        add(value, to: &out)
        for sub in subparameters {
            out.append(UInt8(ascii: ":"))
            if sub >= 0 { out.appendNumber(sub) }
        }
    }
}

extension Color {
    fileprivate var isRGB: Bool {
        if case .rgb = self { return true }
        return false
    }
}
