#if canImport(Glibc)
import Glibc
#endif

/// The address ranges of the read-only segments (code, read-only data) of the program and the
/// libraries it had loaded when first asked: the only memory `releaseCleanFileMappings` may
/// give back. A range read from `/proc/self/smaps` alone could be another thread's library in
/// the middle of loading (mapped read-only whole before its writable parts are laid over it)
/// or a mapping unmapped and replaced since; these segments stay where they are for the
/// process's life (Drover unloads no library), and a library loaded later is never included.
enum LoadedCode {
    /// Taken once, at the first call: `releaseCleanFileMappings`' first caller (an attach,
    /// before it connects) runs before any thread that could load a library (a name lookup's).
    static let segments: [Range<Int>] = readSegments()

    /// `dl_iterate_phdr`'s objects (it holds the loader's lock; an object is listed once its
    /// segments are mapped): every `PT_LOAD` segment without write permission, minus
    /// `PT_GNU_RELRO` (relocated, so private copies), cut to the whole pages inside it.
    private static func readSegments() -> [Range<Int>] {
        #if canImport(Glibc)
        // <link.h> is not part of the Glibc module: looked up by name, and the 64-bit layouts of
        // `dl_phdr_info` and `Elf64_Phdr` read by offset.
        typealias Visit = @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Int32
        typealias Iterate = @convention(c) (Visit, UnsafeMutableRawPointer?) -> Int32
        guard MemoryLayout<Int>.size == 8, let handle = dlopen(nil, RTLD_NOW),
              let symbol = dlsym(handle, "dl_iterate_phdr") else { return [] }
        final class Found { var ranges: [Range<Int>] = [] }
        let found = Found()
        let visit: Visit = { info, _, context in
            guard let info, let context else { return 0 }
            let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
            found.ranges += LoadedCode.readOnlyRanges(
                base: info.load(as: Int.self),
                headers: info.load(fromByteOffset: 16, as: UnsafeRawPointer?.self),
                count: Int(info.load(fromByteOffset: 24, as: UInt16.self)))
            return 0
        }
        _ = unsafeBitCast(symbol, to: Iterate.self)(visit, Unmanaged.passUnretained(found).toOpaque())
        return withExtendedLifetime(found) { found.ranges }
        #else
        return []
        #endif
    }

    /// One object's read-only segments from its program headers (`Elf64_Phdr`, 56 bytes:
    /// type at 0, flags at 4, virtual address at 16, size in memory at 40).
    static func readOnlyRanges(base: Int, headers: UnsafeRawPointer?, count: Int) -> [Range<Int>] {
        guard let headers else { return [] }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let load: UInt32 = 1, relro: UInt32 = 0x6474_E552, writable: UInt32 = 2
        var segments: [Range<Int>] = [], relocated: [Range<Int>] = []
        for index in 0..<count {
            let header = headers + index * 56
            let type = header.load(as: UInt32.self)
            let start = base &+ Int(truncatingIfNeeded: header.load(fromByteOffset: 16, as: UInt64.self))
            let size = Int(truncatingIfNeeded: header.load(fromByteOffset: 40, as: UInt64.self))
            guard size > 0 else { continue }
            if type == relro {
                relocated.append(start..<start &+ size)
            } else if type == load, header.load(fromByteOffset: 4, as: UInt32.self) & writable == 0 {
                segments.append(start..<start &+ size)
            }
        }
        return segments.flatMap { segment in
            subtracting(relocated, from: segment)
        }.compactMap { range in
            // Whole pages only: a page shared with a neighbouring segment is left alone.
            let low = (range.lowerBound + page - 1) / page * page, high = range.upperBound / page * page
            return low < high ? low..<high : nil
        }
    }

    /// `range` without any part of `holes`.
    static func subtracting(_ holes: [Range<Int>], from range: Range<Int>) -> [Range<Int>] {
        var pieces = [range]
        for hole in holes {
            pieces = pieces.flatMap { piece -> [Range<Int>] in
                guard piece.overlaps(hole) else { return [piece] }
                var left: [Range<Int>] = []
                if piece.lowerBound < hole.lowerBound { left.append(piece.lowerBound..<hole.lowerBound) }
                if hole.upperBound < piece.upperBound { left.append(hole.upperBound..<piece.upperBound) }
                return left
            }
        }
        return pieces
    }
}
