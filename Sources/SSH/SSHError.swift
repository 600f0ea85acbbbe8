/// Everything that can go wrong between "connect" and "exit status", each with a one-line
/// message that says what happened and what to do next.
public enum SSHError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The name does not resolve (getaddrinfo failed).
    case hostNotFound(host: String, detail: String)
    /// Every address answered with a TCP reset: nothing listens on that port.
    case connectionRefused(host: String, port: Int)
    /// No answer within the timeout, while connecting or waiting for the SSH server.
    case timedOut(host: String, port: Int, seconds: Double, waitingFor: String)
    /// The network said no (unreachable network or host, and similar).
    case unreachable(host: String, port: Int, detail: String)
    /// For some kind of algorithm the server offers only weak ones (or none Drover's libssh2 has).
    case legacyOnlyServer(LegacyOnlyServer)
    /// Key exchange failed for another reason.
    case handshakeFailed(host: String, port: Int, detail: String)
    /// The server presents a different key than the one pinned for it.
    case hostKeyChanged(host: String, port: Int, keyType: String, pinned: String, presented: String)
    /// The server presents a key that an `@revoked` line of Drover's known_hosts (`file`) names.
    case hostKeyRevoked(host: String, port: Int, keyType: String, fingerprint: String, file: String)
    /// OpenSSH's known_hosts (`file`, read only) holds another key of this type for the host.
    case openSSHHostKeyChanged(host: String, port: Int, keyType: String, file: String, pinned: String, presented: String)
    /// Nobody confirmed an unknown host key (the answer was not `yes`).
    case hostKeyNotTrusted(host: String, port: Int, fingerprint: String)
    /// Authentication was attempted before the host key was verified (a programming error).
    case hostKeyNotVerified
    /// Every method we could try was refused.
    case authenticationRefused(user: String, host: String, offered: [String], tried: [String])
    /// The server ended the login after too many refused keys (sshd's MaxAuthTries, its words
    /// in `serverMessage`). `fix` is the exact setting for this host when the caller knows it.
    case tooManyAuthenticationFailures(user: String, host: String, tried: [String], serverMessage: String, fix: String?)
    /// Nothing logged in, and identity files (`files`) were not offered because their
    /// passphrase was not given: that, not a refused key, is named as the cause.
    case passphraseNotGiven(user: String, host: String, files: [String], tried: [String], offered: [String])
    /// Nothing logged in, and identity files (`files`) were not offered because every
    /// passphrase typed for them (`tries` each) failed to open them: a typo, not a missing answer.
    case passphraseWrong(user: String, host: String, files: [String], tries: Int, tried: [String], offered: [String])
    /// The server refused to open a channel or start the command.
    case channelRefused(detail: String)
    /// The TCP connection broke.
    case connectionLost(detail: String)
    /// Any other libssh2 failure, with the operation that failed.
    case protocolFailure(operation: String, detail: String)
    /// A failure at jump host `hop` (its registry name or address) on the way to the target.
    indirect case jumpHost(hop: String, SSHError)
    /// The host's ProxyCommand failed: `detail` says how (exited, stayed silent, what it said)
    /// and what to do; a reconnect runs the command again.
    case proxyCommand(detail: String)

    public var description: String {
        switch self {
        case let .hostNotFound(host, detail):
            return "cannot find host '\(host)' (\(detail)); check the name or use an IP address."
        case let .connectionRefused(host, port):
            return "\(SSHEndpoint.hostAndPort(host: host, port: port)) refused the connection; check that sshd runs there and the port is right."
        case let .timedOut(host, port, seconds, waitingFor):
            return "\(SSHEndpoint.hostAndPort(host: host, port: port)) did not answer within \(Self.seconds(seconds)) while \(waitingFor); check the address, port and firewall, or that the host is awake."
        case let .unreachable(host, port, detail):
            return "cannot reach \(SSHEndpoint.hostAndPort(host: host, port: port)) (\(detail)); check the network connection and the address."
        case let .legacyOnlyServer(server):
            return server.description
        case let .handshakeFailed(host, port, detail):
            return "SSH key exchange with \(SSHEndpoint.hostAndPort(host: host, port: port)) failed (\(detail)); check that an SSH server of a current version answers there, and its sshd log."
        case let .hostKeyChanged(host, port, keyType, pinned, presented):
            let target = SSHEndpoint.hostAndPort(host: host, port: port)
            return "HOST KEY CHANGED for \(target): pinned \(pinned), but the server now presents \(keyType) \(presented). Someone may be intercepting the connection, so nothing was sent. If the server was really reinstalled, run 'drover pins forget \(target)' and connect again."
        case let .hostKeyRevoked(host, port, keyType, fingerprint, file):
            let target = SSHEndpoint.hostAndPort(host: host, port: port)
            return "HOST KEY REVOKED for \(target): its \(keyType) key \(fingerprint) is marked @revoked in \(file), so nothing was sent. Ask the host's owner for its new key; then remove the @revoked line, or run 'drover pins forget \(target)' if the old key is still pinned."
        case let .openSSHHostKeyChanged(host, port, keyType, file, pinned, presented):
            let target = SSHEndpoint.hostAndPort(host: host, port: port)
            let token = port == 22 ? host : "[\(host)]:\(port)"
            return "HOST KEY CHANGED for \(target): OpenSSH's \(file) holds \(pinned), but the server now presents \(keyType) \(presented). Someone may be intercepting the connection, so nothing was sent. If the server was really reinstalled, remove the old key with 'ssh-keygen -R \"\(token)\"' and connect again."
        case let .hostKeyNotTrusted(host, port, fingerprint):
            return "the host key \(fingerprint) of \(SSHEndpoint.hostAndPort(host: host, port: port)) was not trusted, so nothing was sent; connect again and type 'yes' if the fingerprint is right."
        case .hostKeyNotVerified:
            return "refusing to authenticate before the host key is verified; verify the host key first."
        case let .authenticationRefused(user, host, offered, tried):
            let offeredText = offered.isEmpty ? "none" : offered.joined(separator: ", ")
            let triedText = tried.isEmpty ? "nothing we could use" : tried.joined(separator: ", ")
            // The device key is only suggested when it was offered: a host that offers only its
            // identity files wants one of those authorized.
            let fix = tried.contains("device key")
                ? "put this device's key in ~/.ssh/authorized_keys of '\(user)' there: 'drover key install HOST' does it "
                    + "when you can log in another way (a password, another key); 'drover key' prints the key line"
                : !tried.isEmpty ? "add the public key of one of those keys to ~/.ssh/authorized_keys of '\(user)' there"
                : offered.contains("publickey") ? "Drover had no key it could offer (see the notes above about identity files "
                    + "and the ssh-agent)"
                : "it takes no keys; attach asks for a password when the host's --auth includes password"
            return "\(host) refused login as '\(user)' (tried: \(triedText); the server offers: \(offeredText)); \(fix)."
        case let .tooManyAuthenticationFailures(user, host, tried, serverMessage, fix):
            let said = serverMessage.isEmpty ? "Too many authentication failures" : serverMessage
            let count = tried.count == 1 ? "1 refused key" : "\(tried.count) refused keys"
            let triedText = tried.isEmpty ? "" : " (\(tried.joined(separator: ", ")))"
            return "\(host) ended the login as '\(user)' with \"\(said)\" after \(count)\(triedText): the server takes only "
                + "so many keys per connection (its MaxAuthTries) and Drover had more to offer. "
                + (fix ?? "Offer only the key it accepts: register the host with 'drover hosts add NAME \(user)@\(host) "
                   + "--identity FILE --identities-only', or keep fewer keys in your ssh-agent.")
        case let .passphraseNotGiven(user, host, files, tried, offered):
            let names = files.joined(separator: ", ")
            let also = tried.isEmpty ? "" : "; refused: \(tried.joined(separator: ", "))"
            let offeredText = offered.isEmpty ? "none" : offered.joined(separator: ", ")
            return "\(host) refused login as '\(user)': \(names) \(files.count == 1 ? "is" : "are") protected by a passphrase "
                + "and none was given, so \(files.count == 1 ? "it was" : "they were") not offered\(also); the server offers: "
                + "\(offeredText). Type the passphrase when Drover asks for it (attach asks in its overlay, doctor on "
                + "the terminal), or let an ssh-agent sign with it: 'ssh-add \(files[0])' (with no agent running, first "
                + "'eval \"$(ssh-agent -s)\"' in that shell, then start Drover from it)."
        case let .passphraseWrong(user, host, files, tries, tried, offered):
            let names = files.joined(separator: ", ")
            let also = tried.isEmpty ? "" : "; refused: \(tried.joined(separator: ", "))"
            let offeredText = offered.isEmpty ? "none" : offered.joined(separator: ", ")
            let count = tries == 1 ? "the passphrase typed" : "none of the \(tries) passphrases typed"
            return "\(host) refused login as '\(user)': \(count) for \(names) opened \(files.count == 1 ? "it" : "them"), "
                + "so \(files.count == 1 ? "it was" : "they were") not offered\(also); the server offers: \(offeredText). "
                + "Connect again and type the key's passphrase (check it with 'ssh-keygen -y -f \(files[0])', which asks for it "
                + "and prints the public key when it is right), or let an ssh-agent sign with it: 'ssh-add \(files[0])'."
        case let .channelRefused(detail) where detail.hasPrefix("requesting a terminal"):
            return "the server refused to start the session (\(detail)); check PermitTTY in the host's sshd_config and no-pty or restrict on this key's line in its ~/.ssh/authorized_keys."
        case let .channelRefused(detail):
            return "the server refused to start the session (\(detail)); check that the account may run commands there (its login shell, sshd_config's Match blocks)."
        case let .connectionLost(detail):
            return "the connection was lost (\(detail)); check the network and connect again."
        case let .protocolFailure(operation, detail):
            return "SSH \(operation) failed (\(detail)); connect again, and check the server's log if it keeps failing."
        case let .jumpHost(hop, error):
            return "jump host \(hop): \(error.description)"
        case let .proxyCommand(detail):
            return detail
        }
    }

    private static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\(s) s"
    }
}
