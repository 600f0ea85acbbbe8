/// The report modes Drover turns on in the local terminal only while the host in front has them
/// on: focus in/out (`?1004`) and colour-scheme changes (`?2031`). The reports are the host's
/// business (passed through as they come); with the modes off, the terminal sends nothing no
/// host asked for. `ConsoleSequences.restore` turns both off at exit. Pure: it never writes.
struct ReportModes: Equatable {
    private(set) var focus = false
    private(set) var colorScheme = false

    /// The bytes that take the local terminal to `focus` and `colorScheme`; empty when it is there.
    mutating func transition(focus: Bool, colorScheme: Bool) -> [UInt8] {
        var bytes = ""
        if focus != self.focus { bytes += "\u{1B}[?1004\(focus ? "h" : "l")" }
        if colorScheme != self.colorScheme { bytes += "\u{1B}[?2031\(colorScheme ? "h" : "l")" }
        self.focus = focus
        self.colorScheme = colorScheme
        return Array(bytes.utf8)
    }
}
