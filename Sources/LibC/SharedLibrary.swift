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

    /// Why a library cannot be used, in words for the person: the loader's first message, or
    /// the function the library lacks.
    public struct Unusable: Error, Sendable {
        public let reason: String
    }

    /// Looks up the functions a `load` builds its table from; a missing one ends the load.
    public struct Lookup {
        fileprivate let library: SharedLibrary
        fileprivate let called: String

        public func callAsFunction<Function>(_ name: String, _ type: Function.Type) throws(Unusable) -> Function {
            guard let function = library.function(name, as: type) else {
                throw Unusable(reason: "the \(called) library has no \(name)")
            }
            return function
        }
    }

    /// Opens the first of `names` and builds a table of its functions with `build`: the one
    /// way every library opened at first use (zbar, png, qrencode) is loaded and explained.
    /// `called` names the library in the reasons ("the png library has no ...").
    public static func load<Library>(firstOf names: [String], called: String,
                                     _ build: (Lookup) throws(Unusable) -> Library) -> Result<Library, Unusable> {
        let library: SharedLibrary
        do {
            library = try SharedLibrary(firstOf: names)
        } catch {
            return .failure(Unusable(reason: error.reasons.first ?? "not found"))
        }
        do throws(Unusable) {
            return .success(try build(Lookup(library: library, called: called)))
        } catch {
            return .failure(error)
        }
    }
}
