#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#if canImport(MachO)
import MachO
#endif
#endif

/// The canonical absolute path of the running program (pair-host writes it into the forced
/// command of `authorized_keys`, so it must name the real file, not a link or a relative name).
/// Asks the kernel first (`/proc/self/exe` on Linux, `_NSGetExecutablePath` on Darwin), then
/// falls back to resolving `argv[0]` the way a shell found it.
public func currentExecutablePath() -> String? {
    #if os(Linux)
    if let resolved = canonicalPath("/proc/self/exe") { return resolved }
    #elseif canImport(Darwin)
    var size: UInt32 = 0
    _ = _NSGetExecutablePath(nil, &size)
    if size > 0 {
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        if _NSGetExecutablePath(&buffer, &size) == 0, let resolved = canonicalPath(String(cString: buffer)) {
            return resolved
        }
    }
    #endif
    let environmentPath = getenv("PATH").map { String(cString: $0) } ?? ""
    return resolveExecutable(argument0: CommandLine.arguments.first ?? "", searchPath: environmentPath)
}

/// Where `argument0` (as a shell passes it) names an executable: a name with a slash is taken
/// relative to the current directory, a bare name is searched in `searchPath` (colon-separated;
/// an empty entry is the current directory). Returns the canonical path, or nil if none exists.
public func resolveExecutable(argument0: String, searchPath: String) -> String? {
    guard !argument0.isEmpty else { return nil }
    if argument0.contains("/") { return canonicalPath(argument0) }
    for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
        let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + argument0
        var info = stat()
        guard stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 else { continue }
        if let resolved = canonicalPath(candidate) { return resolved }
    }
    return nil
}

/// `realpath(3)`: absolute, with every link and `.`/`..` resolved; nil if the file is missing.
public func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
