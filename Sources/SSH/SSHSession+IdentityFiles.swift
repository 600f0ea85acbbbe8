import CLibSSH2
import Identity
import LibC

extension SSHSession {
    /// What one identity file did at login.
    enum IdentityFileOutcome {
        case accepted
        case refused
        /// The passphrase was not given (no prompt, or the person skipped the key).
        case skipped
        /// Every passphrase typed (all the tries) failed to open the file.
        case wrongPassphrase
    }

    /// Logs in with an identity file, or with its certificate (`certificate`, the file's
    /// `-cert.pub`). An encrypted file asks `prompt` for its passphrase (hidden, up to `tries`
    /// times: a wrong one cannot decrypt the key, and libssh2 says so, see `login`). The
    /// passphrase lives in a zeroed buffer only as long as the call needs it.
    func authenticate(with file: PrivateKeyFile, certificate: Bool, tries: Int, prompt: ((SSHAuthPrompt) -> String?)?,
                      whileWaiting: (() throws -> Void)? = nil) throws -> IdentityFileOutcome {
        let offered = certificate ? file.certificate : nil
        guard file.isEncrypted else {
            return try login(file, offering: offered, passphrase: nil, whileWaiting: whileWaiting) == .accepted ? .accepted : .refused
        }
        guard let prompt else { return .skipped }
        for attempt in 1...max(1, tries) {
            let instruction = attempt == 1 ? "" : "That passphrase does not open \(file.displayPath); try again (\(attempt) of \(tries))."
            let question = SSHAuthPrompt(text: "Passphrase for \(file.displayPath): ", echo: false,
                                         instruction: instruction, attempt: attempt, keyFile: file.displayPath)
            guard let typed = prompt(question) else { return .skipped }
            var secret = Array(typed.utf8CString)
            defer { secret.withUnsafeMutableBytes { explicit_bzero($0.baseAddress!, $0.count) } }
            switch try secret.withUnsafeBufferPointer({ try login(file, offering: offered, passphrase: $0.baseAddress,
                                                                  whileWaiting: whileWaiting) }) {
            case .accepted: return .accepted
            case .refused: return .refused
            case .undecryptable: continue
            }
        }
        return .wrongPassphrase
    }

    private enum LoginResult { case accepted, refused, undecryptable }

    /// libssh2's words when the signing callback failed: for a certificate of an encrypted
    /// file, the passphrase did not open the key (the server had already said it would take it).
    private static let signingFailed = "Callback returned error"

    private func login(_ file: PrivateKeyFile, offering certificate: SSHPublicKey?, passphrase: UnsafePointer<CChar>?,
                       whileWaiting: (() throws -> Void)?) throws -> LoginResult {
        let user = endpoint.user
        // For an encrypted file libssh2 derives the public key with the passphrase first, so a
        // wrong one fails there (KEYFILE_AUTH_FAILED, or FILE) before anything is sent; given the public
        // key, it would fail in signing with the same code as a refusal by the server. A
        // certificate must be given, so there the signing failure's own words tell them apart.
        let publicLine = certificate.map { "\($0.type) \($0.base64)" }
            ?? (passphrase != nil ? "" : file.publicKey.map { "\($0.type) \($0.blob.base64EncodedString())" } ?? "")
        let rc = try call("public key login", timeout: options.operationTimeout, {
            libssh2_userauth_publickey_frommemory(raw, user, user.utf8.count, publicLine, publicLine.utf8.count,
                                                  file.text, file.text.utf8.count, passphrase)
        }, whileWaiting: whileWaiting)
        // The key could not be read with this passphrase (libssh2 never reached the server).
        if passphrase != nil && (rc == LIBSSH2_ERROR_KEYFILE_AUTH_FAILED || rc == LIBSSH2_ERROR_FILE) { return .undecryptable }
        if passphrase != nil, certificate != nil, rc == LIBSSH2_ERROR_PUBLICKEY_UNVERIFIED,
           LibSSH2.lastErrorMessage(raw) == Self.signingFailed { return .undecryptable }
        return try accepted(rc, operation: "public key login") ? .accepted : .refused
    }
}
