import CLibSSH2

/// A dotted version (`1.10.0`, OpenSSH's `9.2p1`), and the libssh2 this process runs with
/// (asked at run time: the library may be newer or older than the headers Drover was built
/// against) with what that version can negotiate.
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

    /// libssh2 1.11 signs with rsa-sha2-256/512 (RFC 8332) for RSA user keys and verifies RSA
    /// host keys that way; 1.10 knows only SHA-1 `ssh-rsa`, which OpenSSH 8.8 and later refuse.
    public var supportsRSASHA2: Bool { self >= VersionNumber(major: 1, minor: 11) }

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (a: VersionNumber, b: VersionNumber) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }
}
