/// Path arithmetic on strings, as `NSString`'s path methods did it (repeated slashes are one,
/// a trailing slash is dropped), without linking Foundation (ADR 0033).
public enum PathText {
    /// `path` with its last component removed: `"/a/b"` → `"/a"`, `"/a"` → `"/"`, `"a"` → `""`,
    /// `"/"` → `"/"` (`deletingLastPathComponent`).
    public static func parent(of path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed != "/", let slash = fixed.lastIndex(of: "/") else { return fixed == "/" ? fixed : "" }
        return slash == fixed.startIndex ? "/" : String(fixed[..<slash])
    }

    /// The last component of `path`: `"/a/b/"` → `"b"`, `"/"` → `"/"` (`lastPathComponent`).
    public static func lastComponent(of path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed != "/", let slash = fixed.lastIndex(of: "/") else { return fixed }
        return String(fixed[fixed.index(after: slash)...])
    }

    /// `path` with runs of slashes made one and a trailing slash (not the root) dropped.
    public static func fixingSlashes(_ path: String) -> String {
        var out = ""
        for character in path where !(character == "/" && out.hasSuffix("/")) { out.append(character) }
        if out.count > 1, out.hasSuffix("/") { out.removeLast() }
        return out
    }

    /// `path` made plain without touching the file system: slashes fixed, `.` components
    /// dropped, and in an absolute path each `..` taking the component before it away.
    public static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", absolute {
                if !parts.isEmpty { parts.removeLast() }
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty && !path.isEmpty ? "." : joined)
    }
}
