#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Gives back the page-table entries of the process's read-only file mappings whose pages
/// are all still the file's own (code, read-only data), so code that ran once stops counting
/// in the resident size (ADR 0033, wave 7). Start-up code (options, files, key loading, the
/// handshake's cryptography) ran once; with the kernel mapping 64 KiB around every faulted
/// page, it and its neighbours stayed resident next to the frames allocated later. The pages
/// stay in the page cache: code that runs again faults back in from memory, no disk read.
///
/// Only mappings that are not writable and hold no private copy (`Anonymous: 0 kB` in
/// `/proc/self/smaps`: relocated RELRO pages or a debugger's breakpoints would be copies)
/// are released, so nothing but the mapping of unchanged file pages is dropped.
/// Returns the bytes released (their resident part was at most that); 0 where
/// `/proc/self/smaps` cannot be read or on other systems.
@discardableResult
public func releaseCleanFileMappings() -> Int {
    #if os(Linux)
    var released = 0
    for mapping in CleanFileMappings.read() where mapping.isReleasable {
        if madvise(UnsafeMutableRawPointer(bitPattern: mapping.start), mapping.end - mapping.start, MADV_DONTNEED) == 0 {
            released += mapping.end - mapping.start
        }
    }
    return released
    #else
    return 0
    #endif
}

/// `/proc/self/smaps` read into what `releaseCleanFileMappings` decides on.
enum CleanFileMappings {
    struct Mapping {
        var start: Int
        var end: Int
        var readOnly: Bool
        var fileBacked: Bool
        var anonymousKiB: Int?

        /// Not writable, a file's (a path, not `[vdso]` or `[heap]`), and no private copy.
        var isReleasable: Bool { readOnly && fileBacked && anonymousKiB == 0 }
    }

    static func read() -> [Mapping] {
        #if os(Linux)
        guard let file = fopen("/proc/self/smaps", "r") else { return [] }
        defer { fclose(file) }
        var mappings: [Mapping] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            if let mapping = header(text) {
                mappings.append(mapping)
            } else if text.hasPrefix("Anonymous:"), !mappings.isEmpty {
                mappings[mappings.count - 1].anonymousKiB = Int(text.dropFirst(10).split(separator: " ").first ?? "")
            }
        }
        return mappings
        #else
        return []
        #endif
    }

    /// A mapping's first line: `start-end perms offset dev inode [path]`; nil for a field line.
    static func header(_ line: String) -> Mapping? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 5, let dash = fields[0].firstIndex(of: "-"),
              let start = Int(fields[0][..<dash], radix: 16),
              let end = Int(fields[0][fields[0].index(after: dash)...], radix: 16),
              fields[1].count == 4 else { return nil }
        let perms = Array(fields[1].utf8)
        let path = fields.count >= 6 ? fields[5] : ""
        return Mapping(start: start, end: end, readOnly: perms[1] == UInt8(ascii: "-"),
                       fileBacked: path.hasPrefix("/"), anonymousKiB: nil)
    }
}
