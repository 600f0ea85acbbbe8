#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC

/// Reads one line of standard input with a bound: a pairing link, an answer or a passphrase is
/// never more than a few KiB, so a line longer than `limit` is refused as soon as the bound is
/// passed, without reading the rest (`drover pair -` fed 300 MB must not hold 300 MB; ADR 0028).
/// Reads a byte at a time, so nothing after the line is taken from the descriptor: the next
/// reader (another question, `readAll`) gets it.
enum StandardInputLine {
    static let limit = 64 * 1024

    /// The line without its newline (a final line without one counts too); nil at end of input.
    static func next(descriptor: Int32 = STDIN_FILENO, limit: Int = limit) throws -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = read(descriptor, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            guard bytes.count < limit else { throw InputLineTooLong(limit: limit) }
            bytes.append(byte)
        }
    }
}

/// A line of standard input longer than any Drover asks for; says what to give instead.
struct InputLineTooLong: Error, CustomStringConvertible, Equatable {
    let limit: Int
    var description: String {
        "standard input: a line is longer than \(limit / 1024) KiB, more than any link, answer or passphrase "
            + "Drover reads, so it was refused without reading the rest; give the one line it asks for "
            + "(for 'drover pair -', the pairing link alone)."
    }
}
