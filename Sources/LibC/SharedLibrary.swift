#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A shared library opened when first needed rather than linked at start. A linked library is
/// mapped, relocated and initialised (with everything it links) in every run, even runs that
/// never call it; libzbar alone brings about 20 libraries and 2 MiB of resident pages (ADR 0018).
/// Opened libraries stay loaded for the rest of the process.
public struct SharedLibrary: @unchecked Sendable {
    // @unchecked: `handle` is set once and only given to dlsym, which is thread-safe; it is
    // never closed.
    /// Why no library could be opened: the loader's message for each name tried.
    public struct LoadFailure: Error, Equatable, Sendable {
        public let reasons: [String]
    }

    private let handle: UnsafeMutableRawPointer

    /// Opens the first of `names` the dynamic loader finds (soname first, then other spellings).
    public init(firstOf names: [String]) throws(LoadFailure) {
        var reasons: [String] = []
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                self.handle = handle
                return
            }
            reasons.append(dlerror().map { String(cString: $0) } ?? "\(name): not found")
        }
        throw LoadFailure(reasons: reasons)
    }

    /// The C function `name` as `type` (a `@convention(c)` function type matching its C
    /// declaration), or nil when the library has no such symbol.
    public func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
