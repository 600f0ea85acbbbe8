/// ssh_config(5)'s keywords as the manual spells them. `ssh -G` prints every keyword in lower
/// case; Drover names a setting it cannot honour the way the person wrote it in their config,
/// so `sendenv` is said as `SendEnv`.
enum SSHConfigKeywords {
    /// The manual's spelling of `keyword` (any case); an unknown keyword as given.
    static func spelling(of keyword: String) -> String {
        bySmallLetters[keyword.lowercased()] ?? keyword
    }

    private static let bySmallLetters: [String: String] = Dictionary(uniqueKeysWithValues: all.map { ($0.lowercased(), $0) })

    /// From OpenSSH 9.x's ssh_config(5).
    private static let all = [
        "AddKeysToAgent", "AddressFamily", "BatchMode", "BindAddress", "BindInterface", "CanonicalDomains",
        "CanonicalizeFallbackLocal", "CanonicalizeHostname", "CanonicalizeMaxDots", "CanonicalizePermittedCNAMEs",
        "CASignatureAlgorithms", "CertificateFile", "ChannelTimeout", "CheckHostIP", "Ciphers", "ClearAllForwardings",
        "Compression", "ConnectionAttempts", "ConnectTimeout", "ControlMaster", "ControlPath", "ControlPersist",
        "DynamicForward", "EnableEscapeCommandline", "EnableSSHKeysign", "EscapeChar", "ExitOnForwardFailure",
        "FingerprintHash", "ForkAfterAuthentication", "ForwardAgent", "ForwardX11", "ForwardX11Timeout",
        "ForwardX11Trusted", "GatewayPorts", "GlobalKnownHostsFile", "GSSAPIAuthentication",
        "GSSAPIDelegateCredentials", "HashKnownHosts", "Host", "HostbasedAcceptedAlgorithms",
        "HostbasedAuthentication", "HostKeyAlgorithms", "HostKeyAlias", "HostName", "IdentitiesOnly",
        "IdentityAgent", "IdentityFile", "IgnoreUnknown", "Include", "IPQoS", "KbdInteractiveAuthentication",
        "KbdInteractiveDevices", "KexAlgorithms", "KnownHostsCommand", "LocalCommand", "LocalForward", "LogLevel",
        "LogVerbose", "MACs", "Match", "NoHostAuthenticationForLocalhost", "NumberOfPasswordPrompts",
        "ObscureKeystrokeTiming", "PasswordAuthentication", "PermitLocalCommand", "PermitRemoteOpen",
        "PKCS11Provider", "Port", "PreferredAuthentications", "ProxyCommand", "ProxyJump", "ProxyUseFdpass",
        "PubkeyAcceptedAlgorithms", "PubkeyAuthentication", "RekeyLimit", "RemoteCommand", "RemoteForward",
        "RequestTTY", "RequiredRSASize", "RevokedHostKeys", "SecurityKeyProvider", "SendEnv", "ServerAliveCountMax",
        "ServerAliveInterval", "SessionType", "SetEnv", "StdinNull", "StreamLocalBindMask", "StreamLocalBindUnlink",
        "StrictHostKeyChecking", "SyslogFacility", "Tag", "TCPKeepAlive", "Tunnel", "TunnelDevice", "UpdateHostKeys",
        "User", "UserKnownHostsFile", "VerifyHostKeyDNS", "VisualHostKey", "XAuthLocation",
    ]
}
