#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `printf`-style formatting through the C library's `vsnprintf`, as Foundation's
/// `String(format:)` did for Drover's few numeric formats (`%.1f`, `%02d`): the same digits and
/// rounding, without linking Foundation (ADR 0033). Only C types (`Int32`, `Double`, `Int`)
/// may be passed; the format must match them, as with printf.
public func formatted(_ format: String, _ arguments: CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 128)
        let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
        guard needed >= buffer.count else { return String(decoding: buffer.prefix(max(0, needed)).map(UInt8.init(bitPattern:)), as: UTF8.self) }
        return withVaList(arguments) { again in
            buffer = [CChar](repeating: 0, count: needed + 1)
            _ = vsnprintf(&buffer, buffer.count, format, again)
            return String(decoding: buffer.prefix(needed).map(UInt8.init(bitPattern:)), as: UTF8.self)
        }
    }
}
