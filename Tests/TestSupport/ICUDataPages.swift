import Foundation
import LibC

/// How many pages of ICU's data a running process has resident: the proof that a code path did
/// not use Foundation's internationalization (ADR 0033). ICU's data (`icudtNN_dat`, about 34 MB)
/// lives in `lib_FoundationICU.so`, or in the executable itself when Foundation is linked
/// statically; any ICU call that opens a locale, collator, calendar or time zone reads from it.
/// Pages are counted from /proc/PID/pagemap's present bit, so only pages the process mapped count
/// (a page the kernel mapped around a fault nearby counts too: callers allow one 64 KiB window).
public enum ICUDataPages {
    public struct Count: Sendable, CustomStringConvertible {
        /// The file holding ICU's data, as the process mapped it.
        public let file: String
        public let total: Int
        public let resident: Int
        public var description: String { "\(resident) of \(total) pages of ICU's data in \(file)" }
    }

    /// ICU's data pages resident in `pid`; throws if the process maps no ICU data at all.
    public static func count(pid: pid_t) throws -> Count {
        let maps = try readWhole("/proc/\(pid)/maps")
        // Lines: "start-end perms offset dev inode path"; the first mapping of a file (offset 0)
        // is its load base, since shared objects and PIE executables link their first segment at 0.
        var bases: [String: UInt64] = [:]
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[2] == "00000000", fields[5].hasPrefix("/"),
                  let start = UInt64(fields[0].split(separator: "-")[0], radix: 16) else { continue }
            let path = String(fields[5])
            bases[path] = min(bases[path] ?? .max, start)
        }
        let candidates = bases.keys.filter { $0.hasSuffix("/lib_FoundationICU.so") } + bases.keys.sorted()
        for file in candidates {
            guard let (offset, size) = try dataSymbol(in: file), let base = bases[file] else { continue }
            return Count(file: file, total: pages(base + offset, size).count,
                         resident: try residentPages(pid: pid, pages(base + offset, size)))
        }
        throw TestSupportError("process \(pid) maps no file with ICU's data (icudt*_dat)")
    }

    /// The files `pid` maps (shared objects, the executable, data files), by path.
    public static func mappedFiles(pid: pid_t) throws -> Set<String> {
        Set(try readWhole("/proc/\(pid)/maps").split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count >= 6 && fields[5].hasPrefix("/") ? String(fields[5]) : nil
        })
    }

    /// A /proc file read to its end with read(2): it reports size 0, and a long-running test
    /// process's maps (thousands of thread stacks and buffers) came back cut short otherwise.
    private static func readWhole(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TestSupportError("cannot open \(path): errno \(errno)") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk.prefix(n)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func pages(_ address: UInt64, _ size: UInt64) -> ClosedRange<UInt64> {
        (address / 4096)...((address + size - 1) / 4096)
    }

    /// `icudtNN_dat`'s offset and size from the file's symbol table (`nm -S`), if it has one.
    private static func dataSymbol(in file: String) throws -> (UInt64, UInt64)? {
        let result = try Shell.execute("/usr/bin/nm", ["-S", file])
        for line in result.stdout.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 4, fields[3].hasPrefix("icudt"), fields[3].hasSuffix("_dat"),
                  let offset = UInt64(fields[0], radix: 16), let size = UInt64(fields[1], radix: 16) else { continue }
            return (offset, size)
        }
        return nil
    }

    /// Pages of `range` whose pagemap entry has bit 63 (present) set.
    private static func residentPages(pid: pid_t, _ range: ClosedRange<UInt64>) throws -> Int {
        let fd = open("/proc/\(pid)/pagemap", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TestSupportError("cannot open /proc/\(pid)/pagemap: errno \(errno)") }
        defer { close(fd) }
        var entries = [UInt64](repeating: 0, count: range.count)
        let want = entries.count * 8
        let got = entries.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, off_t(range.lowerBound * 8)) }
        guard got == want else { throw TestSupportError("read \(got) of \(want) bytes of /proc/\(pid)/pagemap") }
        return entries.reduce(0) { $0 + Int($1 >> 63) }
    }
}
