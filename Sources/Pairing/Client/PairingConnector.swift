import Foundation
import Identity
import SSH

/// Reaching the computer a pairing code names: its addresses in order, each peer checked
/// against the address policy and the host key against `PairingTrust` before the code's
/// one-time key is offered.
struct PairingConnector {
    let link: PairingLink
    let reach: PeerAddressPolicy.Reach
    let options: SSHOptions
    let trust: PairingTrust
    let report: (String) -> Void

    /// The first session whose peer and host key pass and that accepts the one-time key,
    /// with the address it was reached at.
    func connect() throws -> (session: SSHSession, address: String) {
        var attempts: [String] = []
        for address in link.addresses {
            report("Connecting to \(address) port \(link.port)…")
            let session: SSHSession
            do {
                // Pinned types first, so a computer with several keys shows the pinned one.
                session = try SSHSession.connect(to: SSHEndpoint(host: address, port: link.port, user: link.user),
                                                 options: options.preferringPins(in: trust.knownHosts, host: address,
                                                                                 port: link.port))
            } catch {
                attempts.append("\(address): \(error)")
                continue
            }
            guard PeerAddressPolicy.accepts(session.peer.address, reach: reach) else {
                attempts.append("\(address): answered from \(session.peer.address), which is not a "
                                + (reach == .tailnet ? "tailnet or loopback address" : "tailnet, loopback or private LAN address"))
                continue
            }
            try session.verifyHostKey { key in try trust.check(key, address: address) }
            do {
                try session.authenticate(oneTimeCredentials())
            } catch {
                throw PairingClientError.oneTimeKeyRefused(address: address)
            }
            return (session, address)
        }
        throw PairingClientError.noAddressWorked(attempts, reach: reach)
    }

    private func oneTimeCredentials() throws -> SSHCredentials {
        let key = try Ed25519KeyPair(seed: Data(link.seed))
        let comment = OneTimeKeyLine.comment(id: link.id)
        return SSHCredentials(privateKeys: [SSHPrivateKey(privateKeyText: OpenSSHPrivateKey.encode(key, comment: comment),
                                                          publicKeyLine: key.publicLine(comment: comment),
                                                          label: "the code's one-time key")])
    }
}
