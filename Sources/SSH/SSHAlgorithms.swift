import CLibSSH2
import LibC

/// What Drover proposes in the key exchange (ADR 0021): OpenSSH's modern defaults, as far as
/// libssh2 has them, most preferred first; and, only for a host whose `--legacy-algorithms`
/// names them, weak ones after those. libssh2 1.11.1 puts `ext-info-c` and the strict-KEX
/// marker `kex-strict-c-v00@openssh.com` (Terrapin, CVE-2023-48795) in front of any key
/// exchange list set with `libssh2_session_method_pref`, so strict KEX is always on.
public struct SSHAlgorithms: Sendable, Equatable {
    /// The weak algorithms this host allows, as named (unknown names are never proposed).
    public let legacy: [String]

    public init(legacy: [String] = []) {
        self.legacy = legacy
    }

    /// The modern algorithms of `kind`, as OpenSSH 9 orders them (host keys: `defaultHostKeyAlgorithms`).
    public static func modern(_ kind: AlgorithmKind) -> [String] {
        switch kind {
        case .keyExchange:
            return ["curve25519-sha256", "curve25519-sha256@libssh.org",
                    "ecdh-sha2-nistp256", "ecdh-sha2-nistp384", "ecdh-sha2-nistp521",
                    "diffie-hellman-group-exchange-sha256", "diffie-hellman-group16-sha512",
                    "diffie-hellman-group18-sha512", "diffie-hellman-group14-sha256"]
        case .hostKey:
            return SSHOptions.defaultHostKeyAlgorithms
        case .cipher:
            return ciphers(hardwareAES: hasHardwareAES)
        case .mac:
            return ["hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com", "hmac-sha2-256", "hmac-sha2-512"]
        }
    }

    /// OpenSSH's cipher order, except that with AES in hardware the AES-GCM pair goes first:
    /// libssh2 runs ChaCha20-Poly1305 in portable C (about half of a 0 ms flood's CPU), AES-GCM
    /// through OpenSSL's AES-NI/ARMv8 code (ADR 0034). The same six ciphers either way.
    public static func ciphers(hardwareAES: Bool) -> [String] {
        let gcm = ["aes128-gcm@openssh.com", "aes256-gcm@openssh.com"]
        let rest = ["chacha20-poly1305@openssh.com", "aes128-ctr", "aes192-ctr", "aes256-ctr"]
        return hardwareAES ? gcm + rest : rest + gcm
    }

    /// The weak algorithms of `kind` a host may allow, least weak first: SHA-1 and 1024-bit
    /// key exchange, SHA-1 `ssh-rsa` and DSA host keys, CBC ciphers, 3DES, Blowfish, CAST,
    /// RC4, SHA-1, RIPEMD-160 and MD5 MACs.
    public static func legacyCandidates(_ kind: AlgorithmKind) -> [String] {
        switch kind {
        case .keyExchange:
            return ["diffie-hellman-group14-sha1", "diffie-hellman-group-exchange-sha1", "diffie-hellman-group1-sha1"]
        case .hostKey:
            return ["ssh-rsa", "ssh-dss"]
        case .cipher:
            return ["aes256-cbc", "aes192-cbc", "aes128-cbc", "rijndael-cbc@lysator.liu.se", "3des-cbc",
                    "blowfish-cbc", "cast128-cbc", "arcfour128", "arcfour"]
        case .mac:
            return ["hmac-sha1-etm@openssh.com", "hmac-sha1", "hmac-sha1-96", "hmac-ripemd160",
                    "hmac-ripemd160@openssh.com", "hmac-md5", "hmac-md5-96"]
        }
    }

    /// The weak algorithms of `kind` the loaded libssh2 can negotiate: what `--legacy-algorithms` accepts.
    public static func legacyAvailable(_ kind: AlgorithmKind) -> [String] {
        let supported = LibSSH2Capabilities.supported(kind)
        return legacyCandidates(kind).filter(supported.contains)
    }

    /// The kind of weak algorithm `name` is; nil for any other name.
    public static func legacyKind(of name: String) -> AlgorithmKind? {
        AlgorithmKind.allCases.first { legacyCandidates($0).contains(name) }
    }

    /// What is proposed for `kind`: the modern list (for host keys `hostKeys`, which may put
    /// pinned types first, weak ones this host allows among them), then this host's allowed
    /// weak ones of that kind not yet in it, least weak first.
    public func proposal(_ kind: AlgorithmKind, hostKeys: [String] = SSHOptions.defaultHostKeyAlgorithms) -> [String] {
        let list = kind == .hostKey ? hostKeys : Self.modern(kind)
        return list + Self.legacyCandidates(kind).filter { legacy.contains($0) && !list.contains($0) }
    }

    /// Sets every kind's proposal on a session before its handshake. libssh2 drops names it
    /// does not know; a kind left with none at all would fall back to libssh2's own list
    /// (with the weak ones), so that is an error instead.
    func apply(to raw: OpaquePointer, hostKeys: [String]) throws {
        for kind in AlgorithmKind.allCases {
            let list = proposal(kind, hostKeys: hostKeys).joined(separator: ",")
            for code in kind.codes where libssh2_session_method_pref(raw, code, list) != 0 {
                throw SSHError.protocolFailure(operation: "session set-up",
                                               detail: "this libssh2 can do none of the \(kind.label) \(list)")
            }
        }
    }
}
