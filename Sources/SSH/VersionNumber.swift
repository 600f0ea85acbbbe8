import CLibSSH2

/// A dotted version (`1.10.0`, OpenSSH's `9.2p1`), and the libssh2 this process runs with
/// (asked at run time: the library may be newer or older than the headers Drover was built
/// against; shim.h requires 1.11.1 or newer of the headers).
public struct VersionNumber: Sendable, Equatable, Comparable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int

    public init(major: Int, minor: Int, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Reads `1.10.0` (or `1.11.1_DEV`, `9.2p1`); nil for anything else.
    public init?(_ text: String) {
        let numbers = text.split(separator: ".", maxSplits: 2).map { part in Int(part.prefix { $0.isNumber }) }
        guard numbers.count >= 2, let major = numbers[0], let minor = numbers[1] else { return nil }
        self.init(major: major, minor: minor, patch: numbers.count > 2 ? numbers[2] ?? 0 : 0)
    }

    /// The loaded library's version (`libssh2_version`).
    public static let libssh2: VersionNumber = {
        guard let text = libssh2_version(0) else { return VersionNumber(major: 0, minor: 0) }
        return VersionNumber(String(cString: text)) ?? VersionNumber(major: 0, minor: 0)
    }()

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (a: VersionNumber, b: VersionNumber) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }
}
