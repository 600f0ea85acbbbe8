/// Where each element of one array of a JSON document lies, so an entry can be written back
/// byte for byte. Works on text a JSON parser has already accepted; one pass, no recursion, so
/// a deeply nested or huge file costs time linear in its size and no stack.
enum JSONArraySpans {
    /// The byte ranges of the elements of the array under top-level `key`, or nil when the
    /// document has no such array (or the array is not JSON).
    static func elements(ofTopLevelKey key: String, in bytes: [UInt8]) -> [Range<Int>]? {
        var i = skipSpace(bytes, 0)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        let wanted = Array(key.utf8)
        var found: [Range<Int>]?
        while true {
            i = skipSpace(bytes, i)
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return found }
            let keyEnd = skipString(bytes, i)
            let isWanted = Array(bytes[(i + 1)..<max(i + 1, keyEnd - 1)]) == wanted
            i = skipSpace(bytes, keyEnd)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
            i = skipSpace(bytes, i + 1)
            if isWanted {
                guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { return nil }
                var spans: [Range<Int>] = []
                i = skipSpace(bytes, i + 1)
                while i < bytes.count, bytes[i] != UInt8(ascii: "]") {
                    let end = skipValue(bytes, i)
                    // No value here (`,,` or `[}`): not JSON, and looping would never end.
                    guard end > i else { return nil }
                    spans.append(i..<end)
                    i = skipSpace(bytes, end)
                    if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i = skipSpace(bytes, i + 1) }
                }
                found = spans
                i += 1
            } else {
                i = skipValue(bytes, i)
            }
            i = skipSpace(bytes, i)
            if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1 } else { return found }
        }
    }

    private static func skipSpace(_ b: [UInt8], _ start: Int) -> Int {
        var i = start
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0a || b[i] == 0x0d { i += 1 }
        return i
    }

    /// `start` is at an opening quote; returns the index after the closing one.
    private static func skipString(_ b: [UInt8], _ start: Int) -> Int {
        var i = start + 1
        while i < b.count, b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
        return min(i + 1, b.count)
    }

    /// Returns the index after the value starting at `start`.
    private static func skipValue(_ b: [UInt8], _ start: Int) -> Int {
        guard start < b.count else { return start }
        switch b[start] {
        case UInt8(ascii: "\""):
            return skipString(b, start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = start
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: "\""): i = skipString(b, i); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return i
        default:
            var i = start
            let ends: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0a, 0x0d]
            while i < b.count, !ends.contains(b[i]) { i += 1 }
            return i
        }
    }
}
