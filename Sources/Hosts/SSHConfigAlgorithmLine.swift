/// A `KexAlgorithms`, `HostKeyAlgorithms`, `Ciphers` or `MACs` line that applies to an alias
/// (the first of each keyword, as in ssh). `hosts import-ssh-config` turns the weak algorithms
/// it adds into the host's `legacyAlgorithms` (ADR 0021); which names are weak is the SSH
/// library's knowledge, so the caller reads the line (`SSHConfigImportPlan.apply`).
public struct SSHConfigAlgorithmLine: Equatable, Sendable {
    /// The keywords read this way, lowercased, in the order their lines are reported.
    static let keywords = ["kexalgorithms", "hostkeyalgorithms", "ciphers", "macs"]

    /// The keyword lowercased (`ciphers`), and as written (`Ciphers`), for notes.
    public var keyword: String
    public var spelling: String
    /// The list as written: `+aes128-cbc,3des-cbc`, `-hmac-sha1`, `^…` or a whole list.
    public var value: String
    /// Where it was written: `line 4` or `~/.ssh/conf.d/old line 4`.
    public var location: String

    public init(keyword: String, spelling: String, value: String, location: String) {
        self.keyword = keyword
        self.spelling = spelling
        self.value = value
        self.location = location
    }
}

/// What Drover makes of one `SSHConfigAlgorithmLine`: the weak names to allow for the host,
/// and why the rest of the line is not followed (nil: all of it is).
public struct SSHConfigAlgorithmReading: Equatable, Sendable {
    public var allow: [String]
    public var unfollowed: String?

    public init(allow: [String], unfollowed: String?) {
        self.allow = allow
        self.unfollowed = unfollowed
    }

    /// Nothing carried over, and no reason given: the line is listed as not carried over.
    public static let notRead = SSHConfigAlgorithmReading(allow: [], unfollowed: "")

    /// `Ciphers (line 4: why)` for the host's not-carried-over list; nil when all was followed.
    func note(for line: SSHConfigAlgorithmLine) -> String? {
        guard let unfollowed else { return nil }
        return unfollowed.isEmpty ? "\(line.spelling) (\(line.location))" : "\(line.spelling) (\(line.location): \(unfollowed))"
    }
}
