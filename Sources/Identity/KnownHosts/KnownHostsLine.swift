/// One line of a known_hosts file, kept verbatim. Lines Drover does not use (comments, blanks,
/// hashed host names, `@cert-authority`/`@revoked` markers, unreadable lines) have no `pin`,
/// and rewriting the file never loses or alters them.
struct KnownHostsLine: Equatable {
    /// The parsed form of `host1,host2,... keytype base64 [comment]`.
    struct Pin: Equatable {
        var hostPatterns: [String]
        var key: SSHPublicKey
    }

    let raw: String
    let pin: Pin?

    init(parsing raw: String) {
        self.raw = raw
        pin = Self.parse(raw)
    }

    /// A line written by Drover for `pin`.
    init(pin: Pin) {
        raw = pin.hostPatterns.joined(separator: ",") + " " + pin.key.line
        self.pin = pin
    }

    private static func parse(_ raw: String) -> Pin? {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        // Comments, markers (@cert-authority, @revoked) and hashed names (|1|salt|hash).
        guard let first = trimmed.first, first != "#", first != "@", first != "|" else { return nil }
        let fields = trimmed.split(maxSplits: 3, omittingEmptySubsequences: true) { $0 == " " || $0 == "\t" }
        guard fields.count >= 3,
              let key = try? SSHPublicKey(type: String(fields[1]), base64: String(fields[2]),
                                          comment: fields.count > 3 ? String(fields[3]) : "") else {
            return nil
        }
        let patterns = fields[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !patterns.contains(where: { $0.isEmpty || $0.hasPrefix("|") }) else { return nil }
        return Pin(hostPatterns: patterns, key: key)
    }

    /// True when the line's host patterns select `token` (`host` or `[host]:port`), with
    /// OpenSSH's wildcards and `!` negation.
    func applies(to token: String) -> Bool {
        guard let pin else { return false }
        var matched = false
        for pattern in pin.hostPatterns {
            if pattern.hasPrefix("!") {
                if HostName.glob(String(pattern.dropFirst()), matches: token) { return false }
            } else if HostName.glob(pattern, matches: token) {
                matched = true
            }
        }
        return matched
    }
}
