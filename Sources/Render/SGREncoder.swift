import VT

/// Builds the shortest SGR sequence that changes the terminal's pen from one rendition to
/// another: either the individual changes, or a reset followed by the full rendition.
/// Hyperlinks are not SGR and are ignored here (see `FrameDiff`).
public enum SGREncoder {
    /// Bytes that turn `pen` into `target` (empty when they already look the same).
    public static func transition(from pen: Attributes, to target: Attributes, truecolor: Bool) -> [UInt8] {
        var out: [UInt8] = []
        var scratch = Scratch()
        appendTransition(from: pen, to: target, truecolor: truecolor, into: &out, scratch: &scratch)
        return out
    }

    /// Working space kept between calls so that a frame's pen changes allocate nothing.
    struct Scratch {
        var incremental = ParameterList()
        var reset = ParameterList()
    }

    /// Appends to `out` what `transition` returns.
    static func appendTransition(from pen: Attributes, to target: Attributes, truecolor: Bool,
                                 into out: inout [UInt8], scratch: inout Scratch) {
        let pen = adapted(pen, truecolor: truecolor)
        let target = adapted(target, truecolor: truecolor)
        if sameRendition(pen, target) { return }

        scratch.incremental.clear()
        appendChanges(from: pen, to: target, into: &scratch.incremental)

        scratch.reset.clear()
        if !sameRendition(target, .plain) {
            scratch.reset.add(0)
            appendChanges(from: .plain, to: target, into: &scratch.reset)
        }

        out.appendCSI()
        if scratch.reset.bytes.count <= scratch.incremental.bytes.count {
            out.append(contentsOf: scratch.reset.bytes)
        } else {
            out.append(contentsOf: scratch.incremental.bytes)
        }
        out.append(UInt8(ascii: "m"))
    }

    /// True when two renditions draw the same (links aside).
    static func sameRendition(_ a: Attributes, _ b: Attributes) -> Bool {
        a.flags == b.flags && a.underline == b.underline && a.foreground == b.foreground
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

    private static func appendChanges(from pen: Attributes, to target: Attributes, into list: inout ParameterList) {
        typealias F = Attributes.Flags
        let removed = pen.flags.subtracting(target.flags)
        let added = target.flags.subtracting(pen.flags)

        // 22 clears bold and faint together, 25 both blinks: re-add the survivor.
        pairedFlags(F.bold, 1, F.faint, 2, off: 22, removed: removed, added: added, target: target.flags, into: &list)
        if removed.contains(.italic) { list.add(23) } else if added.contains(.italic) { list.add(3) }
        if target.underline != pen.underline {
            switch target.underline {
            case .none: list.add(24)
            case .single: list.add(4)
            default: list.add(raw: "4:\(target.underline.rawValue)")
            }
        }
        pairedFlags(F.blink, 5, F.rapidBlink, 6, off: 25, removed: removed, added: added, target: target.flags, into: &list)
        if removed.contains(.inverse) { list.add(27) } else if added.contains(.inverse) { list.add(7) }
        if removed.contains(.hidden) { list.add(28) } else if added.contains(.hidden) { list.add(8) }
        if removed.contains(.strikethrough) { list.add(29) } else if added.contains(.strikethrough) { list.add(9) }
        if removed.contains(.overline) { list.add(55) } else if added.contains(.overline) { list.add(53) }

        if target.foreground != pen.foreground { appendColor(target.foreground, base: 30, bright: 90, into: &list) }
        if target.background != pen.background { appendColor(target.background, base: 40, bright: 100, into: &list) }
        if target.underlineColor != pen.underlineColor {
            switch target.underlineColor {
            case .default: list.add(59)
            case .indexed(let n): list.add(raw: "58:5:\(n)")
            case let .rgb(r, g, b): list.add(raw: "58:2::\(r):\(g):\(b)")
            }
        }
    }

    private static func pairedFlags(_ first: Attributes.Flags, _ firstCode: Int,
                                    _ second: Attributes.Flags, _ secondCode: Int, off: Int,
                                    removed: Attributes.Flags, added: Attributes.Flags,
                                    target: Attributes.Flags, into list: inout ParameterList) {
        if removed.contains(first) || removed.contains(second) {
            list.add(off)
            if target.contains(first) { list.add(firstCode) }
            if target.contains(second) { list.add(secondCode) }
        } else {
            if added.contains(first) { list.add(firstCode) }
            if added.contains(second) { list.add(secondCode) }
        }
    }

    private static func appendColor(_ color: Color, base: Int, bright: Int, into list: inout ParameterList) {
        switch color {
        case .default:
            list.add(base + 9)
        case .indexed(let n) where n < 8:
            list.add(base + Int(n))
        case .indexed(let n) where n < 16:
            list.add(bright + Int(n) - 8)
        case .indexed(let n):
            list.add(base + 8)
            list.add(5)
            list.add(Int(n))
        case let .rgb(r, g, b):
            list.add(base + 8)
            list.add(2)
            list.add(Int(r))
            list.add(Int(g))
            list.add(Int(b))
        }
    }
}

/// `;`-separated SGR parameters as bytes.
struct ParameterList {
    private(set) var bytes: [UInt8] = []

    mutating func clear() { bytes.removeAll(keepingCapacity: true) }

    mutating func add(_ value: Int) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: ";")) }
        bytes.appendNumber(value)
    }

    mutating func add(raw: String) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: ";")) }
        bytes.append(raw)
    }
}

extension Color {
    fileprivate var isRGB: Bool {
        if case .rgb = self { return true }
        return false
    }
}
