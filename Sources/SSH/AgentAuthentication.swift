import CLibSSH2

/// Public key login with the keys an ssh-agent holds (the agent signs; no key leaves it).
enum AgentAuthentication {
    /// The comment of the agent key that logged in, or nil when none did (or no agent answers).
    static func authenticate(session: SSHSession, socketPath: String) throws -> String? {
        guard let agent = libssh2_agent_init(session.raw) else { return nil }
        defer { libssh2_agent_free(agent) }
        libssh2_agent_set_identity_path(agent, socketPath)
        guard libssh2_agent_connect(agent) == 0 else { return nil }
        defer { libssh2_agent_disconnect(agent) }
        guard libssh2_agent_list_identities(agent) == 0 else { return nil }
        let user = session.endpoint.user
        var previous: UnsafeMutablePointer<libssh2_agent_publickey>?
        while true {
            var identity: UnsafeMutablePointer<libssh2_agent_publickey>?
            guard libssh2_agent_get_identity(agent, &identity, previous) == 0, let identity else { return nil }
            previous = identity
            let rc = try session.call("ssh-agent login", timeout: session.options.operationTimeout) {
                libssh2_agent_userauth(agent, user, identity)
            }
            if try session.accepted(rc, operation: "ssh-agent login") {
                return identity.pointee.comment.map { String(cString: $0) } ?? "(no comment)"
            }
        }
    }
}
