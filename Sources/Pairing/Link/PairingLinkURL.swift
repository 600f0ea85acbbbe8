import TextSafety

/// The URL layer of a `herdr://pair` link as the herdr app's URL parser (Foundation's `URL`
/// and `URLComponents`, measured on Linux, where the app's parser was run against Drover's)
/// reads it, before any field rule: which texts are the app's link at all, how long it counts
/// one, and whether `%XX` escapes in the query are decoded. Matching it byte for byte is what
/// lets `drover pair -` take exactly the links the app takes.
enum PairingLinkURL {
    /// The longest link the app reads, in bytes counted as the app counts them (`escapedCount`).
    static let maximumBytes = 8192

    /// The query of `text`, after checking everything around it and the whole text's length.
    ///
    /// The head is `herdr://` (any case) and an authority whose host, after `%XX` decoding,
    /// lowercases to `pair`, with no user (not even an empty `@`) and no port (an empty one,
    /// `pair:`, is no port), then `?` at once (no path). The query ends at the first `#`; what
    /// follows is a fragment, which refuses the link unless the app cannot read it either (its
    /// `%XX` escapes decode to bytes that are not UTF-8: the app's `URLComponents` then reports
    /// no fragment at all).
    static func query(of text: String) throws(PairingLinkError) -> ArraySlice<UInt8> {
        let bytes = Array(text.utf8)
        let scheme = Array("herdr://".utf8)
        let hash = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        guard bytes.count >= scheme.count, zip(bytes, scheme).allSatisfy({ lower($0) == $1 }),
              let mark = bytes[scheme.count..<hash].firstIndex(of: UInt8(ascii: "?")) else {
            throw .notAPairingLink
        }
        var authority = bytes[scheme.count..<mark]
        if authority.last == UInt8(ascii: ":") { authority = authority.dropLast() }
        guard let host = try? QueryEscaping.unescape(authority), host.lowercased() == "pair" else {
            throw .notAPairingLink
        }
        let query = bytes[(mark + 1)..<hash]
        let fragment = hash < bytes.endIndex ? bytes[(hash + 1)...] : nil
        let length = mark + 1 + escapedCount(query) + (fragment.map { 1 + escapedCount($0, isFragment: true) } ?? 0)
        guard length <= maximumBytes else { throw .tooLong(bytes: length) }
        if let fragment, isReencoded(fragment, isFragment: true) || (try? QueryEscaping.unescape(fragment)) != nil {
            throw .hasFragment
        }
        return query
    }

    /// True when the app reads every `%` of `component` as a plain percent sign, so nothing in
    /// it is decoded: its URL parser, given a component with any byte that must be escaped (a
    /// space, a non-ASCII byte, a `%` without two hex digits after it, …), escapes that
    /// component again whole, its `%` signs too (`n=100%&u=a%41` reads as `100%` and `a%41`).
    static func percentIsLiteral(in component: ArraySlice<UInt8>) -> Bool { isReencoded(component, isFragment: false) }

    private static func isReencoded(_ component: ArraySlice<UInt8>, isFragment: Bool) -> Bool {
        if component.contains(where: { mustEscape($0, isFragment: isFragment) }) { return true }
        var index = component.startIndex
        while let percent = component[index...].firstIndex(of: UInt8(ascii: "%")) {
            let digits = component[(percent + 1)...].prefix(2)
            guard digits.count == 2, digits.allSatisfy({ HexDigits.value($0) != nil }) else { return true }
            index = percent + 3
        }
        return false
    }

    /// The bytes `component` takes in the app's URL text: each byte its parser escapes counts
    /// as the three of `%XX`, and so does every `%` of a component escaped again whole. For a
    /// link already escaped, as every link Drover writes, that is its own byte count.
    private static func escapedCount(_ component: ArraySlice<UInt8>, isFragment: Bool = false) -> Int {
        let literal = isReencoded(component, isFragment: isFragment)
        return component.reduce(0) { count, byte in
            count + (mustEscape(byte, isFragment: isFragment) || (literal && byte == UInt8(ascii: "%")) ? 3 : 1)
        }
    }

    /// Bytes a query or fragment may not hold as they are: control bytes, space, `" < > [ \ ]
    /// ^ ` { | }`, DEL, non-ASCII, and in a fragment a second `#`.
    private static func mustEscape(_ byte: UInt8, isFragment: Bool) -> Bool {
        if byte <= 0x20 || byte >= 0x7F || (isFragment && byte == UInt8(ascii: "#")) { return true }
        return Array(#""<>[\]^`{|}"#.utf8).contains(byte)
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
