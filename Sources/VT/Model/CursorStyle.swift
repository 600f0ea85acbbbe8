/// DECSCUSR cursor shapes (`CSI Ps SP q`). `.default` is Ps 0 (the terminal's own choice).
public enum CursorStyle: UInt8, Hashable, Sendable {
    case `default` = 0
    case blinkingBlock = 1, steadyBlock = 2
    case blinkingUnderline = 3, steadyUnderline = 4
    case blinkingBar = 5, steadyBar = 6
}
