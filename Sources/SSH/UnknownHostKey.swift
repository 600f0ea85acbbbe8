import Identity

/// A presented host key that is not pinned for its host and port, as the trust question shows
/// it: with the pins of other types, if any, so a person sees what Drover knew before.
public struct UnknownHostKey: Sendable, Equatable {
    public let key: PresentedHostKey
    /// Keys of other types pinned for the same host and port; empty on first contact.
    public let otherPins: [SSHPublicKey]

    public init(key: PresentedHostKey, otherPins: [SSHPublicKey] = []) {
        self.key = key
        self.otherPins = otherPins
    }

    /// The text to show before asking: host, the address that answered, the pins of other
    /// types, key type and fingerprint, ending in a request to type `yes`.
    public var question: String {
        let target = SSHEndpoint.hostAndPort(host: key.host, port: key.port)
        let via = key.peer.address == key.host ? "" : " (\(key.peer.address))"
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
        lines += [
            "Its \(key.keyType) host key fingerprint is \(key.fingerprint).",
            key.port == 22
                ? "Compare it with the fingerprint on that computer (ssh-keygen -lf /etc/ssh/\(file))."
                // Not the system's sshd, most likely: /etc/ssh's key would not be this one.
                : "Compare it with the fingerprint on that computer (ssh-keygen -lf on the .pub of the HostKey file that sshd on port \(key.port) uses; /etc/ssh/\(file) for the system's sshd).",
            "Type 'yes' to trust and pin this key, 'no' to stop (or type the fingerprint): ",
        ]
        return lines.joined(separator: "\n")
    }
}
