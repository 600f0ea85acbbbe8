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
/// Only the read-only segments of the program and of the libraries loaded before the first
/// call are candidates (`LoadedCode`: ranges read from smaps alone could be a library another
/// thread is loading, or a mapping replaced since), and of those only mappings that are not
/// writable and hold no private copy, resident or swapped out
/// (`Anonymous: 0 kB` and `Swap: 0 kB` in `/proc/self/smaps`: relocated RELRO pages or a
/// debugger's breakpoints would be copies, and `MADV_DONTNEED` would put the file's bytes
/// back in their place) are released, so nothing but the mapping of unchanged file pages is dropped.
/// Returns the bytes released (their resident part was at most that); 0 where
/// `/proc/self/smaps` cannot be read or on other systems.
@discardableResult
public func releaseCleanFileMappings() -> Int {
    CleanFileMappings.release(within: LoadedCode.segments)
}

/// `/proc/self/smaps` read into what `releaseCleanFileMappings` decides on.
enum CleanFileMappings {
    /// Releases the parts of `allowed` that lie in a releasable mapping; returns their bytes.
    static func release(within allowed: [Range<Int>]) -> Int {
        #if os(Linux)
        var released = 0
        for mapping in read() where mapping.isReleasable {
            for range in allowed where range.overlaps(mapping.start..<mapping.end) {
                let low = max(range.lowerBound, mapping.start), high = min(range.upperBound, mapping.end)
                if madvise(UnsafeMutableRawPointer(bitPattern: low), high - low, MADV_DONTNEED) == 0 {
                    released += high - low
                }
            }
        }
        return released
        #else
        _ = allowed
        return 0
        #endif
    }

    struct Mapping {
        var start: Int
        var end: Int
        var readOnly: Bool
        var fileBacked: Bool
        var anonymousKiB: Int?
        var swapKiB: Int?

        /// Not writable, a file's (a path, not `[vdso]` or `[heap]`), and no private copy in
        /// memory or in swap (a mapping whose lines were not both read is kept).
        var isReleasable: Bool { readOnly && fileBacked && anonymousKiB == 0 && swapKiB == 0 }
    }

    static func read() -> [Mapping] {
        #if os(Linux)
        guard let file = fopen("/proc/self/smaps", "r") else { return [] }
        defer { fclose(file) }
        var mappings: [Mapping] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        // About 25 lines per mapping, read in place: no String per line (this runs while connecting).
        while getline(&line, &capacity, file) > 0, let line {
            if let mapping = header(line) {
                mappings.append(mapping)
            } else if strncmp(line, "Anonymous:", 10) == 0, !mappings.isEmpty {
                mappings[mappings.count - 1].anonymousKiB = atol(line + 10)
            } else if strncmp(line, "Swap:", 5) == 0, !mappings.isEmpty {
                mappings[mappings.count - 1].swapKiB = atol(line + 5)
            }
        }
        return mappings
        #else
        return []
        #endif
    }

    /// A mapping's first line: `start-end perms offset dev inode [path]`; nil for a field line
    /// (`Rss:`, `VmFlags:`: no hexadecimal number followed by `-` starts them).
    static func header(_ line: UnsafePointer<CChar>) -> Mapping? {
        var end: UnsafeMutablePointer<CChar>?
        let start = strtoul(line, &end, 16)
        guard let dash = end, dash != UnsafeMutablePointer(mutating: line), dash.pointee == 0x2D else { return nil }
        let stop = strtoul(dash + 1, &end, 16)
        guard let space = end, space != dash + 1, space.pointee == 0x20 else { return nil }
        let perms = space + 1
        guard perms[0] != 0, perms[1] != 0, perms[2] != 0, perms[3] != 0, perms[4] == 0x20 else { return nil }
        // Only the path can hold a '/' (offset, device and inode are numbers; `[vdso]` has none).
        return Mapping(start: Int(bitPattern: start), end: Int(bitPattern: stop), readOnly: perms[1] == 0x2D,
                       fileBacked: strchr(perms, 0x2F) != nil, anonymousKiB: nil, swapKiB: nil)
    }

    static func header(_ line: String) -> Mapping? {
        line.withCString { header($0) }
    }
}
