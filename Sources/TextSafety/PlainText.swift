/// The few string edits Drover used from Foundation's `NSString` that FoundationEssentials
/// leaves out (ADR 0033: the binary links no Foundation). Each keeps Foundation's meaning, so
/// outputs stay byte for byte what they were: trimming works on Unicode scalars with
/// `CharacterSet`'s definitions, and padding counts UTF-16 units, as `NSString` does.
extension StringProtocol {
    /// Without leading and trailing spaces and tabs: `trimmingCharacters(in: .whitespaces)`
    /// (Unicode category Zs, U+0009 and, as CoreFoundation has it, U+200B).
    public func trimmingSpaces() -> String {
        trimming(isSpace)
    }

    /// Without leading and trailing white space and line ends:
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (the spaces above, U+000A-U+000D,
    /// U+0085, U+2028 and U+2029).
    public func trimmingWhitespaceAndNewlines() -> String {
        trimming(isWhitespaceOrNewline)
    }

    /// Without leading and trailing scalars that `drop` accepts.
    public func trimming(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }),
              let last = scalars.lastIndex(where: { !drop($0) }) else { return "" }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[first...last])
        return String(result)
    }

    /// Every occurrence of `target` replaced, matched byte for byte (Unicode scalars, not
    /// `Character`s: a quote followed by a combining mark is still a quote to a shell, so it must
    /// still be replaced), as `replacingOccurrences(of:with:)` did for Drover's quoting.
    public func replacingLiterally(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        let bytes = Array(utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return String(self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == needle[0], index + needle.count <= bytes.count, bytes[index..<index + needle.count].elementsEqual(needle) {
                out += replacement.utf8
                index += needle.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `padding(toLength: length, withPad: " ", startingAt: 0)`: spaces added up to `length`
    /// UTF-16 units, or the text cut to that many.
    public func padded(toLength length: Int) -> String {
        let units = utf16.count
        if units >= length {
            return units == length ? String(self) : String(decoding: Array(utf16.prefix(length)), as: UTF16.self)
        }
        return String(self) + String(repeating: " ", count: length - units)
    }
}

/// `CharacterSet.whitespaces`' members, listed as Foundation's tables have them (checked
/// against Foundation in `PlainTextTests`), so no Unicode version changes them.
private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
    default: return false
    }
}

/// `CharacterSet.whitespacesAndNewlines`' members.
private func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
    default: return isSpace(scalar)
    }
}

extension Unicode.Scalar {
    /// An ASCII letter or digit: what `CharacterSet.alphanumerics` holds of ASCII.
    public var isASCIIAlphanumeric: Bool {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return false
        }
    }
}
