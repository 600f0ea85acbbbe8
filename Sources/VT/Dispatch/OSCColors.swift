/// OSC colour controls: 4 (palette), 5 (special colours), 10–19 (dynamic colours), with `?`
/// queries answered in xterm's `rgb:rrrr/gggg/bbbb` form, and the resets 104 and 110–119.
/// Colours only change what the remote is told; the local terminal keeps its own.
extension Terminal {
    /// The answer's terminator: the one the query ended with, as xterm does.
    private func colorReply(_ body: String, bell: Bool) {
        reply("\u{1B}]\(body)\(bell ? "\u{07}" : "\u{1B}\\")")
    }

    /// OSC 4 `c;spec;c;spec…` (palette 0–255, specials 256–260) and OSC 5 (specials 0–4).
    func paletteControl(_ rest: String, special: Bool, bell: Bool) {
        let items = rest.split(separator: ";", omittingEmptySubsequences: false)
        var i = 0
        while i + 1 < items.count {
            defer { i += 2 }
            guard let n = Int(items[i]), n >= 0 else { continue }
            let index = special ? n + 256 : n
            guard index <= 260 else { continue }
            if items[i + 1] == "?" {
                let color = colorTable.palette(index, colors)
                colorReply("\(special ? 5 : 4);\(n);\(color.xtermSpecification)", bell: bell)
            } else if let color = ColorSpecification.parse(items[i + 1]) {
                colorTable.setPalette(index, color)
            }
        }
    }

    /// OSC 104: the listed palette entries (all when none) back to their defaults, up to the
    /// first item that is not a number (`104;;2` resets nothing). Special colours are never
    /// reset: xterm 379 ignores OSC 105 and OSC 104 past 255 (measured: XtermCorpus/reset-colours-*).
    func resetPalette(_ rest: String) {
        guard !rest.isEmpty else {
            colorTable.resetPalette()
            return
        }
        for item in rest.split(separator: ";", omittingEmptySubsequences: false) {
            guard let n = Int(item), n >= 0 else { return }
            if n < 256 { colorTable.setPalette(n, nil) }
        }
    }

    /// OSC 10–19: each item sets or (with `?`) asks about the next dynamic colour.
    func dynamicColors(first: Int, _ rest: String, bell: Bool) {
        var number = first
        for item in rest.split(separator: ";", omittingEmptySubsequences: false) {
            guard number <= 19 else { return }
            if item == "?" {
                colorReply("\(number);\(colorTable.dynamicColor(number, colors).xtermSpecification)", bell: bell)
            } else if let color = ColorSpecification.parse(item) {
                colorTable.setDynamic(number, color)
            }
            number += 1
        }
    }
}
