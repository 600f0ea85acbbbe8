#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
            // A numeric address outside the reach is never contacted; for a name, the address
            // it resolved to is checked once TCP connects, before any SSH byte is sent.
            if PeerAddressPolicy.network(of: address) != .unparseable && !PeerAddressPolicy.accepts(address, reach: reach) {
                attempts.append("\(address): not tried: it is not a \(Self.networks(reach))")
                continue
            }
            report("Connecting to \(address) port \(link.port)…")
            let session: SSHSession
            do {
                // Pinned types first, so a computer with several keys shows the pinned one.
                session = try SSHSession.connect(to: SSHEndpoint(host: address, port: link.port, user: link.user),
                                                 options: options.preferringPins(in: trust.knownHosts, host: address,
                                                                                 port: link.port),
                                                 checkPeer: { peer in
                    guard PeerAddressPolicy.accepts(peer.address, reach: reach) else { throw OutsideReach(peer: peer.address) }
                })
            } catch let outside as OutsideReach {
                attempts.append("\(address): answered from \(outside.peer), which is not a \(Self.networks(reach)); "
                                + "nothing was sent to it")
                continue
            } catch {
                attempts.append("\(address): \(error)")
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

    /// A peer the address policy refuses, found right after TCP connect.
    private struct OutsideReach: Error {
        let peer: String
    }

    /// The kind of address `reach` admits, for "is not a …" (never called with `.anyNetwork`,
    /// which admits every numeric address).
    private static func networks(_ reach: PeerAddressPolicy.Reach) -> String {
        reach == .tailnet ? "tailnet or loopback address" : "tailnet, loopback or private LAN address"
    }

    private func oneTimeCredentials() throws -> SSHCredentials {
        let key = try Ed25519KeyPair(seed: Data(link.seed))
        let comment = OneTimeKeyLine.comment(id: link.id)
        return SSHCredentials(privateKeys: [SSHPrivateKey(privateKeyText: OpenSSHPrivateKey.encode(key, comment: comment),
                                                          publicKeyLine: key.publicLine(comment: comment),
                                                          label: "the code's one-time key")])
    }
}
