import TextSafety

/// The rules each host field must follow. Each check throws a `HostValidationError` that
/// names the field and states the rule.
public enum HostRules {
    public static let nameRule =
        "a host name is 1-64 characters of letters, digits, '.', '_' and '-', starting with a letter or digit"
    public static let sessionRule =
        "a herdr session name is 1-64 characters of letters, digits, '.', '_' and '-', not starting with '-', and not '.' or '..'"
    public static let hostnameRule =
        "a hostname is a DNS name (letters, digits, '-', '_' and dots, up to 253 characters), an IPv4 address or an IPv6 address"
    public static let portRule = "a port is a whole number from 1 to 65535"
    public static let userRule =
        "a user name is 1-128 bytes without whitespace, control or bidirectional-control characters, '@' or ':'"
    public static let commandRule = "a command override is 1-4096 bytes, not blank, without NUL bytes"
    public static let authRule =
        "auth is a list of device-key, agent and password, each at most once, at least one"

    public static let legacyAlgorithmsRule =
        "legacy algorithms are 1-32 names of 1-64 lowercase letters, digits, '-', '.' and '@' (see 'drover doctor')"
    public static let identityRule =
        "an identity file is a path of 1-4096 bytes without control characters (~/ is your home directory)"

    public static func checkIdentity(_ path: String) throws {
        let bytes = Array(path.utf8)
        guard (1...4096).contains(bytes.count), !bytes.contains(where: { $0 < 0x20 || $0 == 0x7f }),
              bytes.contains(where: { $0 != 0x20 }) else {
            throw HostValidationError(field: "identity", value: path, rule: identityRule)
        }
    }

    public static let hostKeyFileRule =
        "a host key file is an absolute path (on the host; C:\\… on a Windows host) of 1-4096 bytes ending in .pub, "
        + "without control characters"

    /// `hostKeyFile`: where the host keeps the public key its sshd serves, as the trust question
    /// names it. A Windows host's OpenSSH keeps it under a drive (`C:\ProgramData\ssh\…`).
    public static func checkHostKeyFile(_ path: String, windows: Bool = false) throws {
        let bytes = Array(path.utf8)
        let drive = bytes.count > 3 && (bytes[0] | 0x20) >= 0x61 && (bytes[0] | 0x20) <= 0x7a && bytes[1] == 0x3a
            && (bytes[2] == 0x5c || bytes[2] == 0x2f)
        guard (1...4096).contains(bytes.count), path.hasPrefix("/") || (windows && drive), path.hasSuffix(".pub"),
              !bytes.contains(where: { $0 < 0x20 || $0 == 0x7f }) else {
            throw HostValidationError(field: "hostKeyFile", value: path, rule: hostKeyFileRule)
        }
    }

    static let keyFingerprintRule = "lastKey is a key fingerprint: SHA256: and 43 base64 characters"

    /// The remembered key (`lastKey`) is a fingerprint as `ssh-keygen -lf` prints it.
    public static func checkKeyFingerprint(_ text: String) throws {
        let body = text.utf8.dropFirst(7)
        guard text.hasPrefix("SHA256:"), body.count == 43,
              body.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") }) else {
            throw HostValidationError(field: "lastKey", value: text, rule: keyFingerprintRule)
        }
    }

    public static func checkName(_ name: String) throws {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), bytes.allSatisfy(isNameByte),
              let first = bytes.first, isAlphanumeric(first) else {
            throw HostValidationError(field: "name", value: name, rule: nameRule)
        }
    }

    /// herdr's own rule; such names need no quoting in sh, zsh, bash, fish, cmd or PowerShell.
    /// A leading '-' is refused because herdr would read the name as an option.
    public static func checkSession(_ session: String) throws {
        let bytes = Array(session.utf8)
        guard (1...64).contains(bytes.count), bytes.allSatisfy(isNameByte), bytes.first != UInt8(ascii: "-"),
              session != ".", session != ".." else {
            throw HostValidationError(field: "session", value: session, rule: sessionRule)
        }
    }

    public static func checkHostname(_ hostname: String) throws {
        guard Hostname.isValid(hostname) else {
            throw HostValidationError(field: "hostname", value: hostname, rule: hostnameRule)
        }
    }

    public static func checkPort(_ port: Int) throws {
        guard (1...65535).contains(port) else {
            throw HostValidationError(field: "port", value: String(port), rule: portRule)
        }
    }

    public static func checkUser(_ user: String) throws {
        let bytes = Array(user.utf8)
        guard (1...128).contains(bytes.count),
              !bytes.contains(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") }),
              UserNameCharacters.allAllowed(user) else {
            throw HostValidationError(field: "user", value: user, rule: userRule)
        }
    }

    public static func checkCommand(_ command: String) throws {
        let bytes = Array(command.utf8)
        guard (1...4096).contains(bytes.count), !bytes.contains(0),
              bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0a && $0 != 0x0d }) else {
            throw HostValidationError(field: "command", value: command, rule: commandRule)
        }
    }

    /// A wait in whole seconds, 1-600 (as `--timeout` and `--keepalive`).
    public static func checkSeconds(_ seconds: Int, field: String) throws {
        guard (1...600).contains(seconds) else {
            throw HostValidationError(field: field, value: String(seconds), rule: "must be a number of seconds from 1 to 600")
        }
    }

    public static func checkAuth(_ auth: [AuthMethod]) throws {
        guard !auth.isEmpty, Set(auth).count == auth.count else {
            throw HostValidationError(field: "auth", value: auth.map(\.rawValue).joined(separator: ","), rule: authRule)
        }
    }

    /// The names' form only: which names libssh2 knows is checked where they are given
    /// (`--legacy-algorithms`) and shown by `drover doctor`.
    public static func checkLegacyAlgorithms(_ names: [String]) throws {
        for name in names {
            let bytes = Array(name.utf8)
            guard (1...64).contains(bytes.count), bytes.allSatisfy({ isAlphanumeric($0) && !(0x41...0x5a).contains($0)
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "@") }) else {
                throw HostValidationError(field: "legacyAlgorithms", value: name, rule: legacyAlgorithmsRule)
            }
        }
        guard (1...32).contains(names.count) else {
            throw HostValidationError(field: "legacyAlgorithms", value: names.joined(separator: ","), rule: legacyAlgorithmsRule)
        }
    }

    public static func checkJump(_ hops: [String]) throws {
        guard (1...JumpHop.maximumHops).contains(hops.count) else {
            throw HostValidationError(field: "jump", value: hops.joined(separator: ","), rule: JumpHop.rule)
        }
        for hop in hops where JumpHop(hop) == nil {
            throw HostValidationError(field: "jump", value: hop, rule: JumpHop.rule)
        }
    }

    static func isAlphanumeric(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        isAlphanumeric(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
    }
}
