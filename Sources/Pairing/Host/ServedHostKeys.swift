#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety
import Identity
import SSH

/// The host keys this computer's sshd serves, read the way a client sees them: by connecting to
/// it and completing the key exchange (no authentication). A connection negotiates one key, so
/// each ed25519/ECDSA type is asked for in turn; the code lists what was served (at most 3), so a
/// pairing client whose SSH library prefers ECDSA finds its key in the code too.
public enum ServedHostKeys {
    /// Why the served keys could not be read.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Host key types a pairing code may name, in the order they are listed.
    static let pairableTypes = ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521"]
    static let maximumCount = 3

    /// The `SHA256:` fingerprints of the keys served on `port` (the negotiated one first), trying
    /// loopback first and then `fallbackAddresses`.
    public static func fingerprints(port: Int, fallbackAddresses: [String]) throws -> [String] {
        let (address, first) = try firstServedKey(port: port, fallbackAddresses: fallbackAddresses)
        var result = [first.fingerprint]
        for type in pairableTypes where type != first.keyType && result.count < maximumCount {
            let options = SSHOptions(connectTimeout: 3, handshakeTimeout: 10, hostKeyAlgorithms: [type])
            // A type the server does not serve fails the key exchange: it is simply not listed.
            guard let session = try? SSHSession.connect(to: SSHEndpoint(host: address, port: port, user: "drover-keyscan"),
                                                        options: options) else { continue }
            let fingerprint = session.hostKey.fingerprint
            session.disconnect()
            if !result.contains(fingerprint) { result.append(fingerprint) }
        }
        return result
    }

    private static func firstServedKey(port: Int, fallbackAddresses: [String]) throws -> (String, PresentedHostKey) {
        var errors: [(address: String, error: Error)] = []
        for address in loopback + fallbackAddresses {
            do {
                let session = try SSHSession.connect(to: SSHEndpoint(host: address, port: port, user: "drover-keyscan"),
                                                     options: SSHOptions(connectTimeout: 3, handshakeTimeout: 10))
                let key = session.hostKey
                session.disconnect()
                guard pairableTypes.contains(key.keyType) else {
                    throw Failure(description: "the sshd on port \(port) serves a \(key.keyType) host key; pairing needs an "
                                  + "ed25519 or ECDSA host key. Add one (ssh-keygen -A) and restart sshd, then try again")
                }
                return (address, key)
            } catch let failure as Failure {
                throw failure
            } catch SSHError.legacyOnlyServer(let server) {
                throw Failure(description: "the sshd on port \(port) cannot be paired with: \(server)")
            } catch {
                errors.append((address, error))
            }
        }
        throw Failure(description: unreadable(port: port, errors: errors))
    }

    private static let loopback = ["127.0.0.1", "::1"]

    /// Why no address gave a host key. When loopback refused the connection, nothing listens
    /// on this computer's port, which is the cause to name, not the last address's error (a
    /// name that does not resolve here, say).
    static func unreadable(port: Int, errors: [(address: String, error: Error)]) -> String {
        let next = "start sshd or pass the port it listens on with --port, then try again"
        let refused = errors.filter { attempt in
            guard loopback.contains(attempt.address), case SSHError.connectionRefused = attempt.error else { return false }
            return true
        }
        if !refused.isEmpty {
            let others = errors.map(\.address).filter { !loopback.contains($0) }
            return "nothing answers on this computer's port \(port) (\(refused.map(\.address).joined(separator: " and ")) "
                + "refused the connection" + (others.isEmpty ? "" : ", and \(others.joined(separator: ", ")) gave no host key either")
                + "); \(next)"
        }
        return "cannot read the host key of the sshd on port \(port) (\(errors.last.map { trimmed($0.error) } ?? "no address")); \(next)"
    }

    private static func trimmed(_ error: Error) -> String {
        "\(error)".trimming { $0 == "." }
    }
}
