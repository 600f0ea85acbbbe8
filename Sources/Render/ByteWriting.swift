/// Small helpers that append control sequences to a byte buffer without building strings.
extension Array where Element == UInt8 {
    /// Appends the decimal digits of a non-negative number. Numbers below 1000 (every SGR
    /// colour, row and column) take fixed branches: divisions by constants compile to
    /// multiplications, where a loop over a variable divisor costs a division per digit.
    mutating func appendNumber(_ value: Int) {
        if value < 10 {
            append(UInt8(truncatingIfNeeded: 0x30 + Swift.max(value, 0)))
        } else if value < 100 {
            append(UInt8(truncatingIfNeeded: 0x30 + value / 10))
            append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
        } else if value < 1000 {
            append(UInt8(truncatingIfNeeded: 0x30 + value / 100))
            append(UInt8(truncatingIfNeeded: 0x30 + value / 10 % 10))
            append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
        } else {
            appendNumber(value / 1000)
            let rest = value % 1000
            append(UInt8(truncatingIfNeeded: 0x30 + rest / 100))
            append(UInt8(truncatingIfNeeded: 0x30 + rest / 10 % 10))
            append(UInt8(truncatingIfNeeded: 0x30 + rest % 10))
        }
    }

    /// Appends one Unicode scalar as UTF-8.
    mutating func appendUTF8(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        switch v {
        case 0..<0x80:
            append(UInt8(v))
        case 0x80..<0x800:
            append(UInt8(0xC0 | (v >> 6)))
            append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            append(UInt8(0xE0 | (v >> 12)))
            append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            append(UInt8(0x80 | (v & 0x3F)))
        default:
            append(UInt8(0xF0 | (v >> 18)))
            append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            append(UInt8(0x80 | (v & 0x3F)))
        }
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
