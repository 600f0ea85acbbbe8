/// A cell colour as the remote set it: the terminal default, a palette index (0–255) or RGB.
public enum Color: Hashable, Sendable {
    case `default`
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}
