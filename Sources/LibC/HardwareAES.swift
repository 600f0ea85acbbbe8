#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this CPU encrypts AES in hardware (x86 AES-NI with PCLMULQDQ for GCM's hash, or
/// ARMv8's AES and PMULL). Decides whether AES-GCM, which OpenSSL then runs at well under a
/// cycle a byte, goes before libssh2's portable ChaCha20-Poly1305 in the cipher proposal
/// (ADR 0034). Without these instructions AES is slower than ChaCha20 and software AES
/// tables leak timing, so the answer is false whenever it cannot be known. Computed once.
public let hasHardwareAES: Bool = {
    #if os(Linux)
    return cpuinfoHasHardwareAES(readCPUInfo())
    #elseif canImport(Darwin) && arch(arm64)
    return true  // every Apple arm64 CPU has the ARMv8 cryptography extension
    #else
    return false
    #endif
}()

/// Whether the `flags` (x86) or `Features` (ARM) line of a `/proc/cpuinfo` text names the
/// instructions AES-GCM needs. Separate from the reading so a test can give any text.
public func cpuinfoHasHardwareAES(_ text: String) -> Bool {
    for line in text.split(separator: "\n") {
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let key = parts[0].trimmingSpaces
        guard key == "flags" || key == "Features" else { continue }
        let words = Set(parts[1].split(separator: " ").map(String.init))
        return words.contains("aes") && (words.contains("pclmulqdq") || words.contains("pmull"))
    }
    return false
}

/// The start of `/proc/cpuinfo` (its first processor's lines come first), at most 64 KiB; empty when unreadable.
private func readCPUInfo() -> String {
    let fd = open("/proc/cpuinfo", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 65536)
    var used = 0
    while used < bytes.count {
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + used, $0.count - used) }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { break }
        used += n
    }
    return String(decoding: bytes[..<used], as: UTF8.self)
}

private extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return s
    }
}
