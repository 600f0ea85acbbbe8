import Files
import Identity
import LibC

/// A presented host key that is not pinned for its host and port, as the trust question shows
/// it: with the pins of other types, if any, so a person sees what Drover knew before.
public struct UnknownHostKey: Sendable, Equatable {
    public let key: PresentedHostKey
    /// Keys of other types pinned for the same host and port; empty on first contact.
    public let otherPins: [SSHPublicKey]
    /// The .pub file on the host holding the key its sshd serves, when the person told Drover
    /// (a registry entry's `hostKeyFile`): the question names it instead of where to look.
    public var keyFile: String?
    /// `keyFile`'s key as read on this computer, when the host is this computer: its
    /// fingerprint is shown beside the presented one, so both are on the screen at once.
    public var keyFileHere: SSHPublicKey?
    /// Why `keyFile` on this computer was not read (a FIFO, another user's file), when that is
    /// so: said in one line, so a missing fingerprint is not a silent surprise.
    public var keyFileNotRead: String?

    public init(key: PresentedHostKey, otherPins: [SSHPublicKey] = []) {
        self.key = key
        self.otherPins = otherPins
    }

    /// The text to show before asking: host as named, the address that answered (as OpenSSH's
    /// `'box (192.0.2.5)'`, `'[localhost]:2222 ([127.0.0.1]:2222)'`; written as Drover writes
    /// any host and port, `SSHEndpoint.hostAndPort`) unless it is the host as typed, or what
    /// carried the connection; the pins of other types, key type and fingerprint, ending in a
    /// request to type `yes`.
    public var question: String {
        let target = SSHEndpoint.hostAndPort(host: key.host, port: key.port)
        let answered = SSHEndpoint.hostAndPort(host: key.peer.address, port: key.peer.port)
        let via = key.reachedThrough.map { " (reached through \($0))" }
            ?? (Self.sameAddress(key.peer.address, key.host) ? "" : " (\(answered))")
        let file = key.keyType.hasPrefix("ecdsa-") ? "ssh_host_ecdsa_key.pub"
            : key.keyType == "ssh-rsa" ? "ssh_host_rsa_key.pub" : "ssh_host_ed25519_key.pub"
        var lines: [String]
        if otherPins.isEmpty {
            lines = ["Drover has not seen \(target)\(via) before."]
        } else {
            let pinned = otherPins.map { "\($0.type) \($0.fingerprint)" }.joined(separator: ", ")
            lines = [
                "Drover has not seen this \(key.keyType) key of \(target)\(via) before.",
                "Pinned for it: \(pinned). The server did not offer that type: it may have removed that key, or it is another computer.",
            ]
        }
        lines.append("Its \(key.keyType) host key fingerprint is \(key.fingerprint).")
        if let keyFile, let here = keyFileHere {
            // A loopback port may be forwarded to another computer (ssh -L, a container's -p),
            // so this states a fact about the file here, not that the host is this computer.
            let quoted = FileSafety.shellQuoted(keyFile)
            lines.append("This computer's copy of \(quoted) holds \(here.fingerprint).")
            if here.type != key.keyType {
                lines.append("That file holds its \(here.type) key, not this \(key.keyType) one: compare with the .pub of its \(key.keyType) HostKey.")
            } else if here.fingerprint == key.fingerprint {
                lines.append("They match: the server holds that file's key.")
            } else {
                lines.append("They differ: if port \(key.port) is forwarded to another computer (ssh -L, a container), "
                             + "compare with \(quoted) there; otherwise type 'no'.")
            }
            // Each of those lines already says what to compare with: no generic advice after it.
        } else if let keyFile {
            if let why = keyFileNotRead {
                lines.append("This computer's copy of \(FileSafety.shellQuoted(keyFile)) is not shown: \(why).")
            }
            lines.append("Compare it with the fingerprint on that computer (ssh-keygen -lf \(FileSafety.shellQuoted(keyFile))).")
        } else if key.port == 22 {
            lines.append("Compare it with the fingerprint on that computer (ssh-keygen -lf /etc/ssh/\(file)).")
        } else {
            // An sshd on another port is often not the system's: /etc/ssh's key may not be this one.
            // Nor need the port be an sshd's own: it may be forwarded (ssh -L, a container's -p,
            // a router), and then the sshd is at its far end, on a port of its own.
            lines.append("Compare it with the fingerprint on that computer: 'ssh-keygen -lf' of the .pub of the "
                         + "\(key.keyType) HostKey named in the config of the sshd that port \(key.port) leads to "
                         + "('sshd -T -f THAT_CONFIG | grep -i hostkey' lists them, as root); "
                         + "if the port is forwarded (ssh -L, a container's -p, a router), that sshd is at the far end.")
        }
        lines.append("Type 'yes' to trust and pin this key, 'no' to stop (or type the fingerprint): ")
        return lines.joined(separator: "\n")
    }

    /// Whether `peer` is `host` as typed: an address literal is compared in canonical form
    /// (`2001:DB8:0::1` is `2001:db8::1`, so it is not printed twice), a name by its letters.
    static func sameAddress(_ peer: String, _ host: String) -> Bool {
        canonicalAddress(peer) == canonicalAddress(host)
    }

    /// An IPv4 or IPv6 literal (a zone kept as typed) as `inet_ntop` writes it; else lowercased.
    private static func canonicalAddress(_ text: String) -> String {
        let parts = text.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)
        let zone = parts.count == 2 ? "%" + parts[1] : ""
        var v4 = in_addr()
        var v6 = in6_addr()
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written: UnsafePointer<CChar>?
        if zone.isEmpty, inet_pton(AF_INET, text, &v4) == 1 {
            written = inet_ntop(AF_INET, &v4, &buffer, socklen_t(buffer.count))
        } else if inet_pton(AF_INET6, String(parts[0]), &v6) == 1 {
            written = inet_ntop(AF_INET6, &v6, &buffer, socklen_t(buffer.count))
        } else {
            return text.lowercased()
        }
        guard written != nil else { return text.lowercased() }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + zone
    }
}
