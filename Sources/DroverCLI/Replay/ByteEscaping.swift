/// Writes bytes the way a C string literal would show them: `\e` for ESC, `\r`, `\n`, `\t`,
/// `\\`, printable ASCII as itself and every other byte as `\xHH`.
enum ByteEscaping {
    static func cStyle(_ bytes: [UInt8]) -> String {
        var out = ""
        for b in bytes {
            switch b {
            case 0x1B: out += "\\e"
            case 0x0D: out += "\\r"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x5C: out += "\\\\"
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let hex = String(b, radix: 16)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
