import CLibSSH2

extension SSHSession {
    /// Logs in as `endpoint.user`, trying in `credentials.order`: each private key, the
    /// ssh-agent's keys, the identity files, then password and keyboard-interactive when
    /// `credentials.prompt` is set, each only if the server offers it. Requires a verified host
    /// key. Throws `authenticationRefused` naming what was tried and what the server offers.
    /// RSA keys sign with rsa-sha2-512/256 when the server's `server-sig-algs` lists them.
    /// `openingSessionEarly`: the next call on this session is `exec`, so the session channel
    /// may be opened behind the first key's signed login (`SSHSession+EarlyChannel.swift`);
    /// throws `EarlySessionChannelSpent` when that key is then refused.
    @discardableResult
    public func authenticate(_ credentials: SSHCredentials, openingSessionEarly: Bool = false) throws -> SSHAuthMethod {
        guard state == .verified else {
            if state == .authenticated { throw SSHError.protocolFailure(operation: "authentication", detail: "already logged in") }
            throw SSHError.hostKeyNotVerified
        }
        var tried: [String] = []
        func succeed(_ method: SSHAuthMethod) -> SSHAuthMethod {
            state = .authenticated
            return method
        }
        // The key tried first anyway goes out before asking which methods the server offers
        // (the "none" request): one round trip fewer when it is accepted, the same number of
        // requests when it is not (ADR 0017).
        let early = credentials.order.first == .privateKeys ? credentials.privateKeys.first : nil
        if let early {
            tried.append(early.label)
            if try authenticate(with: early, openingSessionEarly: openingSessionEarly) {
                return succeed(.privateKey(label: early.label))
            }
            if earlySessionChannel { throw EarlySessionChannelSpent(.keyNotEnough) }
        }
        guard let offered = try offeredMethods() else {
            state = .authenticated
            return .none
        }
        for kind in credentials.order {
            switch kind {
            case .privateKeys where offered.contains("publickey"):
                for key in credentials.privateKeys.dropFirst(early == nil ? 0 : 1) {
                    tried.append(key.label)
                    if try authenticate(with: key) { return succeed(.privateKey(label: key.label)) }
                }
            case .agent where offered.contains("publickey"):
                if let socket = credentials.agentSocketPath {
                    tried.append("ssh-agent")
                    let outcome = try AgentAuthentication.authenticate(session: self, socketPath: socket)
                    if let comment = outcome.accepted { return succeed(.agent(comment: comment)) }
                }
            case .identityFiles where offered.contains("publickey"):
                for file in credentials.identityFiles {
                    switch try authenticate(with: file, tries: credentials.promptTries, prompt: credentials.prompt) {
                    case .accepted: return succeed(.privateKey(label: file.displayPath))
                    case .refused:
                        tried.append(file.displayPath)
                    case .skipped:
                        tried.append("\(file.displayPath) (no passphrase given)")
                    }
                }
            case .prompt:
                guard let prompt = credentials.prompt else { break }
                if let method = try authenticateByAnswers(offered: offered, tries: credentials.promptTries,
                                                          prompt: prompt, tried: &tried) {
                    return succeed(method)
                }
            default:
                break
            }
        }
        throw SSHError.authenticationRefused(user: endpoint.user, host: endpoint.hostAndPort, offered: offered, tried: tried)
    }

    /// The server's SSH banner (`SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3`), if it sent one.
    public var serverBanner: String? {
        guard let text = libssh2_session_banner_get(raw) else { return nil }
        return String(cString: text)
    }

    /// Password, then keyboard-interactive, each only if offered: up to `tries` answers in all
    /// (like ssh, a refused password is asked again). A question left unanswered (nil) ends
    /// the prompting: the person chose to stop.
    private func authenticateByAnswers(offered: [String], tries: Int, prompt: @escaping (SSHAuthPrompt) -> String?,
                                       tried: inout [String]) throws -> SSHAuthMethod? {
        var used = 0
        if offered.contains("password") {
            let text = "\(endpoint.user)@\(endpoint.host)'s password: "
            while used < tries {
                let instruction = used == 0 ? "" : "That password was refused; try again (\(used + 1) of \(tries))."
                guard let password = prompt(SSHAuthPrompt(text: text, echo: false, instruction: instruction,
                                                          attempt: used + 1)) else { return nil }
                used += 1
                if !tried.contains("password") { tried.append("password") }
                if try authenticate(password: password) { return .password }
            }
        }
        if offered.contains("keyboard-interactive") {
            var round = 0
            while used < tries {
                round += 1
                used += 1
                if !tried.contains("keyboard-interactive") { tried.append("keyboard-interactive") }
                switch try KeyboardInteractive.authenticate(session: self, prompt: prompt, attempt: round) {
                case .accepted: return .keyboardInteractive
                case .declined: return nil
                case .refused: continue
                }
            }
        }
        return nil
    }

    /// The methods the server accepts for this user; nil when the "none" request already
    /// logged in (no authentication required).
    private func offeredMethods() throws -> [String]? {
        let user = endpoint.user
        let list = try callReturningPointer("listing login methods", timeout: options.operationTimeout) {
            libssh2_userauth_list(raw, user, UInt32(user.utf8.count))
        }
        guard let list else {
            if libssh2_userauth_authenticated(raw) != 0 { return nil }
            throw failure("listing login methods", code: libssh2_session_last_errno(raw))
        }
        return String(cString: list).split(separator: ",").map(String.init)
    }

    /// True when the key was accepted; false when refused; throws on connection trouble.
    private func authenticate(with key: SSHPrivateKey, openingSessionEarly: Bool = false) throws -> Bool {
        let user = endpoint.user
        let publicLine = key.publicKeyLine ?? ""
        let rc = try call("public key login", timeout: options.operationTimeout, {
            libssh2_userauth_publickey_frommemory(raw, user, user.utf8.count, publicLine, publicLine.utf8.count,
                                                  key.privateKeyText, key.privateKeyText.utf8.count, nil)
        }, whileWaiting: openingSessionEarly ? { try self.openSessionChannelBehindSignedLogin() } : nil)
        return try accepted(rc, operation: "public key login")
    }

    private func authenticate(password: String) throws -> Bool {
        let user = endpoint.user
        let rc = try call("password login", timeout: options.operationTimeout) {
            libssh2_userauth_password_ex(raw, user, UInt32(user.utf8.count), password, UInt32(password.utf8.count), nil)
        }
        return try accepted(rc, operation: "password login")
    }

    /// Interprets an authentication return code: 0 accepted, a refusal false, anything
    /// that means the connection is unusable throws.
    func accepted(_ rc: Int32, operation: String) throws -> Bool {
        if rc == 0 { return true }
        if LibSSH2.isConnectionLoss(rc) { throw failure(operation, code: rc) }
        return false
    }
}
