import TextSafety

/// Makes remote-controlled strings safe to put inside an OSC sequence on the local terminal.
///
/// A title or link comes from the remote; written unchecked, an ESC or BEL inside it would end
/// the OSC early and let the remote drive the local terminal directly.
public enum TextSanitizer {
    /// Longest title written, in Unicode scalars.
    public static let maximumTitleLength = 256
    /// Longest hyperlink URI written, in bytes.
    public static let maximumURILength = 2048

    /// The title without the characters `SafeText.isUnsafe` names (C0/C1 controls, DEL, bidi
    /// controls, which would make the local window title read differently from what it is),
    /// cut to `maximumTitleLength` scalars.
    public static func title(_ raw: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars where !SafeText.isUnsafe(scalar) {
            if result.count == maximumTitleLength { break }
            result.append(scalar)
        }
        return String(result)
    }

    /// The URI if it is printable ASCII (as OSC 8 requires) and not too long, else nil (the
    /// link is then not written at all).
    public static func uri(_ raw: String) -> String? {
        let bytes = raw.utf8
        guard !bytes.isEmpty, bytes.count <= maximumURILength else { return nil }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return raw
    }

    /// A character that may be written into a cell: controls, and the line and paragraph
    /// separators and bidi controls that `SafeText` names, become U+FFFD (a cell keeps its width).
    static func printable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        SafeText.isUnsafe(scalar) ? "\u{FFFD}" : scalar
    }

    /// The marks `SafeText.isUnsafe` names that are not C0/C1 controls: bidi embeddings,
    /// overrides, isolates and marks, and the line and paragraph separators.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        SafeText.isUnsafe(scalar) && !isControl(scalar)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0)
    }
}
