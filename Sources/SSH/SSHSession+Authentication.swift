import CLibSSH2

extension SSHSession {
    /// Logs in as `endpoint.user`: the public keys in `PublicKeyCandidate.arrange`'s order, then
    /// password and keyboard-interactive when `credentials.prompt` is set (before the keys when
    /// `credentials.order` puts `.prompt` first), each only if the server offers it. Requires a
    /// verified host key. Throws `tooManyAuthenticationFailures` when the server ends the login
    /// after too many refused keys, `passphraseNotGiven` when an identity file was left out for
    /// want of its passphrase (`passphraseWrong` when the passphrases typed did not open it), else `authenticationRefused` naming what was tried and offered.
    /// RSA keys sign with rsa-sha2-512/256 when the server's `server-sig-algs` lists them.
    /// `openingSessionEarly`: the next call on this session is `exec`, so the session channel
    /// may be opened behind the first key's signed login when that key goes before the "none"
    /// request (`SSHSession+EarlyChannel.swift`); throws `EarlySessionChannelSpent` when that
    /// key is then refused.
    @discardableResult
    public func authenticate(_ credentials: SSHCredentials, openingSessionEarly: Bool = false) throws -> SSHAuthMethod {
        guard state == .verified else {
            if state == .authenticated { throw SSHError.protocolFailure(operation: "authentication", detail: "already logged in") }
            throw SSHError.hostKeyNotVerified
        }
        let watch = DisconnectWatch(session: self)
        defer { watch.end() }
        let agent = credentials.order.contains(.agent) ? credentials.agentSocketPath.flatMap { SSHAgentKeys(session: self, socketPath: $0) } : nil
        defer { agent?.close() }
        let keys = Self.publicKeys(credentials, agent: agent)
        let order = credentials.order
        let promptFirst = order.first == .prompt
        var record = PublicKeyRecord()
        var answersTried: [String] = []
        func succeed(_ method: SSHAuthMethod) -> SSHAuthMethod {
            state = .authenticated
            return method
        }
        func method(for key: PublicKeyCandidate) -> SSHAuthMethod {
            if case .agent(let identity, let file) = key, file == nil { return .agent(comment: identity.comment) }
            return .privateKey(label: key.label)
        }
        /// A key refused, or a connection lost, after the server said why it ended the login.
        func checkEnded(_ error: Error? = nil) throws {
            if watch.tooManyFailures {
                throw SSHError.tooManyAuthenticationFailures(user: endpoint.user, host: endpoint.hostAndPort, tried: record.tried,
                                                             serverMessage: watch.message ?? "", fix: nil)
            }
            if let message = watch.message { throw SSHError.connectionLost(detail: "the server ended the login: \(message)") }
            if let error { throw error }
        }
        func offer(_ key: PublicKeyCandidate, early: Bool = false) throws -> Bool {
            do {
                let accepted = try self.offer(key, agent: agent, credentials: credentials, early: early, record: &record)
                if !accepted { try checkEnded() }
                return accepted
            } catch let error as SSHError {
                // The key in flight when the server hung up was its last refusal.
                if watch.message != nil, record.tried.last != key.label { record.tried.append(key.label) }
                try checkEnded(error)
                return false
            }
        }
        // The key tried first goes out before asking which methods the server offers (the
        // "none" request): one round trip fewer when it is accepted (ADR 0017). Only a key
        // likely to be taken goes early, the remembered one or the only one: sshd counts a
        // "none" after a refused key as a failed try (only a first "none" is free), so a guess
        // sent early would cost a key of the server's MaxAuthTries. Asking the agent is local.
        let early = promptFirst ? nil : keys.first.flatMap { key in
            keys.count == 1 || (key.fingerprint != nil && key.fingerprint == credentials.rememberedKey) ? key : nil
        }
        if let early {
            if try offer(early, early: openingSessionEarly) { return succeed(method(for: early)) }
            if earlySessionChannel { throw EarlySessionChannelSpent(.keyNotEnough) }
        }
        guard let offered = try offeredMethods() else {
            state = .authenticated
            return .none
        }
        func answers() throws -> SSHAuthMethod? {
            guard order.contains(.prompt), let prompt = credentials.prompt else { return nil }
            do {
                return try authenticateByAnswers(offered: offered, tries: credentials.promptTries, prompt: prompt, tried: &answersTried)
            } catch is SSHError where watch.message != nil {
                // sshd hangs up once MaxAuthTries refusals (refused passwords count) are spent:
                // that is a refused login, not a lost connection.
                throw SSHError.authenticationRefused(user: endpoint.user, host: endpoint.hostAndPort, offered: offered,
                                                     tried: promptFirst ? answersTried + record.tried : record.tried + answersTried)
            }
        }
        if promptFirst, let method = try answers() { return succeed(method) }
        if offered.contains("publickey") {
            for key in keys.dropFirst(early == nil ? 0 : 1) where try offer(key) { return succeed(method(for: key)) }
        }
        if !promptFirst, let method = try answers() { return succeed(method) }
        let tried = promptFirst ? answersTried + record.tried : record.tried + answersTried
        if !record.wrongPassphrase.isEmpty {
            throw SSHError.passphraseWrong(user: endpoint.user, host: endpoint.hostAndPort, files: record.wrongPassphrase,
                                           tries: max(1, credentials.promptTries), tried: tried, offered: offered)
        }
        if !record.unopened.isEmpty {
            throw SSHError.passphraseNotGiven(user: endpoint.user, host: endpoint.hostAndPort, files: record.unopened,
                                              tried: tried, offered: offered)
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
