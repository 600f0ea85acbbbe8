#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The SSH wire encoding (RFC 4251 section 5): big-endian uint32 and length-prefixed strings.
struct SSHWireWriter {
    private(set) var data = Data()

    mutating func uint32(_ value: UInt32) {
        data.append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xff),
                                 UInt8((value >> 8) & 0xff), UInt8(value & 0xff)])
    }

    mutating func string(_ bytes: Data) {
        uint32(UInt32(bytes.count))
        data.append(bytes)
    }

    mutating func string(_ text: String) { string(Data(text.utf8)) }

    mutating func raw(_ bytes: Data) { data.append(bytes) }
}

/// Reads the SSH wire encoding; every read fails with `nil` instead of trapping on short input.
struct SSHWireReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ data: Data) { bytes = Array(data) }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    mutating func uint32() -> UInt32? {
        guard remaining >= 4 else { return nil }
        let b = bytes[offset..<offset + 4]
        offset += 4
        return b.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    mutating func string() -> Data? {
        guard let length = uint32(), Int(length) <= remaining else { return nil }
        let result = Data(bytes[offset..<offset + Int(length)])
        offset += Int(length)
        return result
    }

    mutating func text() -> String? {
        string().flatMap { String(data: $0, encoding: .utf8) }
    }

    /// Everything not read yet.
    mutating func rest() -> Data {
        let result = Data(bytes[offset...])
        offset = bytes.count
        return result
    }
}
