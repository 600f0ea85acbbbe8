/// Small helpers that append control sequences to a byte buffer without building strings.
extension Array where Element == UInt8 {
    /// Appends the decimal digits of a non-negative number.
    mutating func appendNumber(_ value: Int) {
        if value < 10 {
            append(UInt8(0x30 + Swift.max(value, 0)))
            return
        }
        var digits: [UInt8] = []
        var rest = value
        while rest > 0 {
            digits.append(UInt8(0x30 + rest % 10))
            rest /= 10
        }
        append(contentsOf: digits.reversed())
    }

    /// Appends `ESC [`.
    mutating func appendCSI() {
        append(0x1B)
        append(0x5B)
    }

    /// Appends `ESC [ <text>` for a fixed sequence such as `"?25h"`.
    mutating func appendCSI(_ text: String) {
        appendCSI()
        append(contentsOf: text.utf8)
    }

    /// Appends `ESC [ n final`, leaving out `n` when it is 1 (the default).
    mutating func appendCSI(count: Int, final: UInt8) {
        appendCSI()
        if count != 1 { appendNumber(count) }
        append(final)
    }

    /// Appends a UTF-8 string.
    mutating func append(_ text: String) {
        append(contentsOf: text.utf8)
    }
}

/// Number of decimal digits of a non-negative number (the byte cost of writing it).
func decimalLength(_ value: Int) -> Int {
    var length = 1
    var rest = value
    while rest >= 10 {
        rest /= 10
        length += 1
    }
    return length
}
