/// The one rule for text that came from a file, a link or a host before it reaches a
/// terminal: control characters and bidirectional controls are shown as escapes, never sent.
///
/// Unescaped, a C0 or C1 control (U+009B is a one-character CSI) lets a host name or a line of
/// hosts.json move the cursor, clear the screen or retitle the window, and a bidi override
/// makes a name read differently from what it is.
public enum SafeText {
    /// C0 controls, DEL, C1 controls, the line and paragraph separators, and the bidirectional
    /// marks, embeddings, overrides and isolates.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x061C || v == 0x200E || v == 0x200F
            || v == 0x2028 || v == 0x2029 || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// True when `text` holds any character `isUnsafe` names.
    public static func containsUnsafe(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isUnsafe)
    }

    /// `text` with each unsafe character written as `\u{hex}` (a line feed as `\n`). Messages
    /// that are several lines long pass `keepingLineBreaks` so their own line feeds stay.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard containsUnsafe(text) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !isUnsafe(scalar) || (keepingLineBreaks && scalar == "\n") {
                out.append(scalar)
            } else if scalar == "\n" {
                out.append(contentsOf: "\\n".unicodeScalars)
            } else {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            }
        }
        return String(out)
    }

    /// JSON text with each unsafe character except line feeds written as `\uXXXX`, which any
    /// JSON reader decodes back to the same character: `--json` output stays exact for
    /// programs and inert on a terminal. (Outside strings JSON has only ASCII and line feeds.)
    public static func escapedJSON(_ json: String) -> String {
        guard containsUnsafe(json) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if !isUnsafe(scalar) || scalar == "\n" {
                out.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return String(out)
    }
}
