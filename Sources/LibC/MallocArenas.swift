#if canImport(Glibc)
import Glibc
#endif

/// Asks glibc's malloc to keep at most `count` arenas. glibc gives each new thread that
/// allocates its own arena (a 64 MiB reservation whose touched pages stay resident after the
/// thread ends); Drover's few helper threads (connecting, pasting, copying) allocate little,
/// so sharing the main arena costs no speed and saves about half a MiB per arena (ADR 0018).
/// Returns whether glibc's `mallopt` was found and called (false elsewhere: nothing to do).
@discardableResult
public func limitMallocArenas(to count: Int32) -> Bool {
    #if canImport(Glibc)
    // <malloc.h> is not part of the Glibc module, so `mallopt` is looked up by name.
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "mallopt") else { return false }
    let arenaMax: Int32 = -8  // M_ARENA_MAX
    return unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, count) == 1
    #else
    _ = count
    return false
    #endif
}
