import CLibSSH2

/// Public key login with the keys an ssh-agent holds (the agent signs; no key leaves it). An
/// RSA key is asked for an rsa-sha2-512/256 signature when the server lists those (libssh2 1.11).
enum AgentAuthentication {
    /// What the agent's keys did: the comment of the key that logged in (nil when none did,
    /// or no agent answers).
    struct Outcome {
        var accepted: String?
    }

    static func authenticate(session: SSHSession, socketPath: String) throws -> Outcome {
        var outcome = Outcome()
        guard let agent = libssh2_agent_init(session.raw) else { return outcome }
        defer { libssh2_agent_free(agent) }
        libssh2_agent_set_identity_path(agent, socketPath)
        guard libssh2_agent_connect(agent) == 0 else { return outcome }
        defer { libssh2_agent_disconnect(agent) }
        guard libssh2_agent_list_identities(agent) == 0 else { return outcome }
        let user = session.endpoint.user
        var previous: UnsafeMutablePointer<libssh2_agent_publickey>?
        while true {
            var identity: UnsafeMutablePointer<libssh2_agent_publickey>?
            guard libssh2_agent_get_identity(agent, &identity, previous) == 0, let identity else { return outcome }
            previous = identity
            let rc = try session.call("ssh-agent login", timeout: session.options.operationTimeout) {
                libssh2_agent_userauth(agent, user, identity)
            }
            let comment = identity.pointee.comment.map { String(cString: $0) } ?? "(no comment)"
            if try session.accepted(rc, operation: "ssh-agent login") {
                outcome.accepted = comment
                return outcome
            }
        }
    }
}
