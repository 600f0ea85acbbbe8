import TextSafety

/// Reads a bracketed paste as the list of local paths a terminal pastes when files are dragged
/// onto it: words separated by spaces, tabs or newlines, each possibly in single or double
/// quotes or with backslash escapes (`/tmp/my\ shot.png`), or a `file://` URI with
/// percent-escapes. Anything that is not made of absolute paths (or `~/` paths) only is nil:
/// it is pasted as typed. Pure; the files are looked at elsewhere.
public enum PastePaths {
    /// Longer pastes are never a handful of dropped files.
    public static let maximumLength = 16 * 1024
    public static let maximumCount = 16

    public static func parse(_ text: String, home: String?) -> [String]? {
        guard text.utf8.count <= maximumLength, let words = split(text), !words.isEmpty,
              words.count <= maximumCount else { return nil }
        var paths: [String] = []
        for word in words {
            guard let path = resolve(word, home: home) else { return nil }
            paths.append(path)
        }
        return paths
    }

    /// Shell-like words; nil for an unclosed quote or a trailing backslash.
    static func split(_ text: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Unicode.Scalar?
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                if scalar != "\n" { current.unicodeScalars.append(scalar) }
                escaped = false
                inWord = true
            } else if let open = quote {
                if scalar == open { quote = nil } else if scalar == "\\", open == "\"" { escaped = true } else {
                    current.unicodeScalars.append(scalar)
                }
            } else if scalar == "'" || scalar == "\"" {
                quote = scalar
                inWord = true
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.unicodeScalars.append(scalar)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(current) }
        return words
    }

    /// One word as an absolute local path, or nil.
    static func resolve(_ word: String, home: String?) -> String? {
        if word.hasPrefix("file://") { return fileURIPath(word) }
        if word.hasPrefix("~/"), let home, home.hasPrefix("/") { return home + word.dropFirst(1) }
        guard word.hasPrefix("/"), !word.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return nil
        }
        return word
    }

    /// `file:///tmp/a%20b.png` or `file://localhost/...`: the percent-decoded path; another host is nil.
    static func fileURIPath(_ uri: String) -> String? {
        let rest = uri.dropFirst("file://".count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let host = rest[..<slash]
        guard host.isEmpty || host == "localhost" else { return nil }
        var bytes: [UInt8] = []
        var utf8 = Array(rest[slash...].utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%") {
                guard utf8.count >= 2, let byte = HexDigits.byte(utf8.popFirst()!, utf8.popFirst()!) else { return nil }
                bytes.append(byte)
            } else {
                bytes.append(byte)
            }
        }
        guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
