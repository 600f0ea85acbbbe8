#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// What a host's stderr says, made short enough for one failure message. Windows PowerShell
/// run without a console (`-EncodedCommand` over an exec channel with no PTY) writes its
/// errors and progress as serialized records, `#< CLIXML` then `<Objs …>`: only the texts of
/// its `<S S="Error">` elements are the message; the XML around them is not for people.
enum RemoteErrorText {
    /// At most `lines` non-empty lines of `stderr` (CLIXML reduced to its error texts), and a
    /// last line saying how many more there were.
    static func shown(_ stderr: String, lines limit: Int = 4) -> String {
        let text = stderr.hasPrefix("#< CLIXML") ? clixmlErrors(stderr) : stderr
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingSpaces() }
            .filter { !$0.isEmpty }
        guard lines.count > limit else { return lines.joined(separator: "\n") }
        return (lines.prefix(limit) + ["(\(lines.count - limit) more lines)"]).joined(separator: "\n")
    }

    /// The texts of the `<S S="Error">` elements, XML entities and PowerShell's `_xHHHH_`
    /// character escapes (`_x000D__x000A_` is CR LF) decoded, in order.
    static func clixmlErrors(_ xml: String) -> String {
        var texts: [String] = []
        var rest = xml[...]
        while let open = rest.firstRange(of: #"<S S="Error">"#), let close = rest[open.upperBound...].firstRange(of: "</S>") {
            texts.append(unescaped(String(rest[open.upperBound..<close.lowerBound])))
            rest = rest[close.upperBound...]
        }
        return texts.joined()
    }

    /// Undoes `_xHHHH_` escapes, then the five XML entities (`&amp;` last).
    private static func unescaped(_ text: String) -> String {
        var out = ""
        var rest = text[...]
        while let start = rest.firstRange(of: "_x") {
            out += rest[..<start.lowerBound]
            let hex = rest[start.upperBound...].prefix(5)
            if hex.count == 5, hex.last == "_", let code = UInt32(hex.dropLast(), radix: 16), let scalar = Unicode.Scalar(code) {
                out.unicodeScalars.append(scalar)
                rest = rest[rest.index(start.upperBound, offsetBy: 5)...]
            } else {
                out += "_x"
                rest = rest[start.upperBound...]
            }
        }
        out += rest
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            out = out.replacingLiterally(entity, with: character)
        }
        return out
    }
}
