/// What the local terminal (the console, not the remote's `Terminal`) can show, decided once at
/// start-up from its environment.
public struct ConsoleCapabilities: Hashable, Sendable {
    /// 24-bit colour (`38;2;r;g;b`). When false, RGB colours are downgraded to the 256-colour palette.
    public var truecolor: Bool
    /// Wrap each frame in synchronized output (`CSI ?2026h` … `CSI ?2026l`). Terminals that do
    /// not know mode 2026 ignore it, so this is on by default.
    public var synchronizedOutput: Bool
    /// Emit OSC 8 hyperlinks. Terminals without them ignore the sequence.
    public var hyperlinks: Bool

    public init(truecolor: Bool = true, synchronizedOutput: Bool = true, hyperlinks: Bool = true) {
        self.truecolor = truecolor
        self.synchronizedOutput = synchronizedOutput
        self.hyperlinks = hyperlinks
    }

    /// Capabilities from the local environment: truecolor only when `COLORTERM` says
    /// `truecolor` or `24bit`.
    public static func detect(environment: [String: String]) -> ConsoleCapabilities {
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        let truecolor = colorTerm == "truecolor" || colorTerm == "24bit"
        return ConsoleCapabilities(truecolor: truecolor)
    }
}
