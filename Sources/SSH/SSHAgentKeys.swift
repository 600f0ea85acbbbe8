import CLibSSH2
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Identity

/// The keys an ssh-agent holds, listed once per login so they can be put in order among the
/// other keys (the key that worked last first, identity files the agent holds, the rest):
/// the agent signs, no key leaves it. Open for one `authenticate` call; `close` ends it.
final class SSHAgentKeys {
    /// One key the agent holds, as it listed it.
    struct Identity {
        let blob: Data
        let comment: String
        /// `SHA256:` of the blob (a certificate has its own).
        let fingerprint: String
        /// `ssh-ed25519`, `ssh-ed25519-cert-v01@openssh.com`, `sk-ssh-ed25519@openssh.com`…
        let type: String
        fileprivate let raw: UnsafeMutablePointer<libssh2_agent_publickey>
    }

    private let agent: OpaquePointer
    private let session: SSHSession
    private(set) var identities: [Identity] = []

    /// Connects to the agent at `socketPath` and lists its keys; nil when no agent answers.
    init?(session: SSHSession, socketPath: String) {
        guard let agent = libssh2_agent_init(session.raw) else { return nil }
        libssh2_agent_set_identity_path(agent, socketPath)
        guard libssh2_agent_connect(agent) == 0 else {
            libssh2_agent_free(agent)
            return nil
        }
        self.agent = agent
        self.session = session
        guard libssh2_agent_list_identities(agent) == 0 else { return }
        var previous: UnsafeMutablePointer<libssh2_agent_publickey>?
        while true {
            var identity: UnsafeMutablePointer<libssh2_agent_publickey>?
            guard libssh2_agent_get_identity(agent, &identity, previous) == 0, let identity else { break }
            previous = identity
            let blob = Data(UnsafeBufferPointer(start: identity.pointee.blob, count: Int(identity.pointee.blob_len)))
            let comment = identity.pointee.comment.map { String(cString: $0) } ?? ""
            identities.append(Identity(blob: blob, comment: comment.isEmpty ? "(no comment)" : comment,
                                       fingerprint: Fingerprint.sha256(ofBlob: blob),
                                       type: PresentedHostKey.keyTypeName(ofBlob: Array(blob)) ?? "unknown", raw: identity))
        }
    }

    /// Asks the agent to sign the login with `identity`; true when the server accepted it.
    /// `whileWaiting` runs after each EAGAIN (the session channel opened behind the login).
    func authenticate(_ identity: Identity, whileWaiting: (() throws -> Void)?) throws -> Bool {
        let user = session.endpoint.user
        let rc = try session.call("ssh-agent login", timeout: session.options.operationTimeout, {
            libssh2_agent_userauth(agent, user, identity.raw)
        }, whileWaiting: whileWaiting)
        return try session.accepted(rc, operation: "ssh-agent login")
    }

    func close() {
        libssh2_agent_disconnect(agent)
        libssh2_agent_free(agent)
    }
}
