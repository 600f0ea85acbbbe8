/// One line of a known_hosts file, kept verbatim. Lines Drover does not use (comments, blanks,
/// `@cert-authority` lines, unreadable lines) have no `entry`, and rewriting the file never
/// loses or alters them.
struct KnownHostsLine: Equatable {
    /// Who a line is about: a comma list of names and patterns, or one hashed name (OpenSSH
    /// hashes the whole host field, so a hashed line never has a list).
    enum Names: Equatable {
        case patterns([String])
        case hashed(HashedHostName, raw: String)

        var text: String {
            switch self {
            case .patterns(let patterns): return patterns.joined(separator: ",")
            case .hashed(_, let raw): return raw
            }
        }
    }

    /// The parsed form of `[@revoked] names keytype base64 [comment]`.
    struct Entry: Equatable {
        /// An `@revoked` line: its key must never be accepted for these names.
        var revoked: Bool
        var names: Names
        var key: SSHPublicKey

        /// True when the names select `token` (`host` or `[host]:port`): a hashed name by its
        /// HMAC, patterns with OpenSSH's wildcards and `!` negation.
        func applies(to token: String) -> Bool {
            switch names {
            case .hashed(let hashed, _):
                return hashed.matches(token: token)
            case .patterns(let patterns):
                var matched = false
                for pattern in patterns {
                    if pattern.hasPrefix("!") {
                        if HostName.glob(String(pattern.dropFirst()), matches: token) { return false }
                    } else if HostName.glob(pattern, matches: token) {
                        matched = true
                    }
                }
                return matched
            }
        }
    }

    let raw: String
    let entry: Entry?

    init(parsing raw: String) {
        self.raw = raw
        entry = Self.parse(raw)
    }

    /// A line written by Drover for `entry`.
    init(entry: Entry) {
        raw = (entry.revoked ? "@revoked " : "") + entry.names.text + " " + entry.key.line
        self.entry = entry
    }

    /// A plain pin (no marker), or nil.
    var pin: Entry? { entry.flatMap { $0.revoked ? nil : $0 } }

    private static func parse(_ raw: String) -> Entry? {
        // Split on the bytes, as OpenSSH does: split on Characters, a space followed by a
        // combining mark is one grapheme and would glue two fields together.
        var fields = raw.utf8.split(omittingEmptySubsequences: true) { $0 == 0x20 || $0 == 0x09 }
            .map { String(decoding: $0, as: UTF8.self) }
        guard let first = fields.first, !first.hasPrefix("#") else { return nil }
        var revoked = false
        if first.hasPrefix("@") {
            // Only @revoked is read. @cert-authority lines name a CA that signs host
            // certificates, and Drover does not support host certificates, so they are skipped.
            guard first == "@revoked" else { return nil }
            revoked = true
            fields.removeFirst()
        }
        guard fields.count >= 3,
              let key = try? SSHPublicKey(type: fields[1], base64: fields[2],
                                          comment: fields.dropFirst(3).joined(separator: " ")) else {
            return nil
        }
        if fields[0].hasPrefix("|") {
            guard let hashed = HashedHostName(fields[0]) else { return nil }
            return Entry(revoked: revoked, names: .hashed(hashed, raw: fields[0]), key: key)
        }
        let patterns = fields[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !patterns.contains(where: { $0.isEmpty || $0.hasPrefix("|") }) else { return nil }
        return Entry(revoked: revoked, names: .patterns(patterns), key: key)
    }
}
