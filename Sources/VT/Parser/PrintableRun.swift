/// Finds where a run of printable ASCII (0x20–0x7E) ends, sixteen and eight bytes at a time: plain text is
/// most of what a terminal reads, and a byte-at-a-time loop was the parser's largest cost.
enum PrintableRun {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first byte in `from..<end` that is not printable ASCII, or `end`.
    @inline(__always)
    static func end(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var j = start
        // A lone character before a sequence (cursor-addressed output) pays one compare, no loads.
        guard j < end && bytes[j] &- 0x20 < 0x5F else { return j }
        let raw = UnsafeRawPointer(bytes)
        // Sixteen bytes a time as one vector (a subtract, an unsigned compare and one mask
        // test); the word step below finds the offending byte's neighbourhood.
        let low = SIMD16<UInt8>(repeating: 0x20), span = SIMD16<UInt8>(repeating: 0x5F)
        while j + 16 <= end {
            let v = raw.loadUnaligned(fromByteOffset: j, as: SIMD16<UInt8>.self)
            if any((v &- low) .>= span) { break }
            j += 16
        }
        while j + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
            // Some byte below 0x20: subtracting 0x20 borrows into its high bit (a byte that
            // already had its high bit set is excluded by `& ~word`).
            let below = (word &- (0x20 &* ones)) & ~word & highBits
            // Some byte above 0x7E: adding 1 sets its high bit, or the high bit was set already.
            let above = ((word &+ ones) | word) & highBits
            if below | above != 0 { break }
            j += 8
        }
        while j < end && bytes[j] &- 0x20 < 0x5F { j += 1 }
        return j
    }
}
