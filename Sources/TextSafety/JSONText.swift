/// The one way Drover writes a string into JSON it produces itself (`replay --format json`,
/// asciicast recordings): quotes, backslashes and every control escaped, the rest as is.
///
/// Escaping DEL and the C0 controls keeps a recording or a screen dump safe to `cat`; anything
/// else (including C1 and bidi marks) is legal JSON text and is left for the reader to judge.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    public static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
