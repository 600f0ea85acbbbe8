import Foundation
import Identity
import SSH

/// The host keys this computer's sshd serves, read the way a client sees it: by connecting
/// to it and completing the key exchange (no authentication). The SSH library negotiates one
/// key per connection (ed25519 first); when that key is the system's own
/// `ssh_host_ed25519_key.pub`, the sshd uses the system key set, and the system's ECDSA key
/// is listed as well, for clients that negotiate ECDSA.
public enum ServedHostKeys {
    /// Why the served key could not be read.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The `SHA256:` fingerprint of the key served on `port`, trying loopback first and then
    /// `fallbackAddresses`.
    public static func fingerprints(port: Int, fallbackAddresses: [String],
                                    systemKeyDirectory: String = "/etc/ssh") throws -> [String] {
        let served = try servedFingerprint(port: port, fallbackAddresses: fallbackAddresses)
        return [served] + companionFingerprints(of: served, in: systemKeyDirectory)
    }

    /// The system's ECDSA key fingerprint when `served` is the system's ed25519 key; else nothing.
    static func companionFingerprints(of served: String, in directory: String) -> [String] {
        func fingerprint(_ name: String) -> String? {
            guard let data = FileManager.default.contents(atPath: "\(directory)/\(name)"),
                  let key = try? SSHPublicKey(line: String(decoding: data, as: UTF8.self)) else { return nil }
            return key.fingerprint
        }
        guard fingerprint("ssh_host_ed25519_key.pub") == served,
              let ecdsa = fingerprint("ssh_host_ecdsa_key.pub"), ecdsa != served else { return [] }
        return [ecdsa]
    }

    private static func servedFingerprint(port: Int, fallbackAddresses: [String]) throws -> String {
        var lastError: Error?
        for address in ["127.0.0.1", "::1"] + fallbackAddresses {
            do {
                let session = try SSHSession.connect(to: SSHEndpoint(host: address, port: port, user: "drover-keyscan"),
                                                     options: SSHOptions(connectTimeout: 3, handshakeTimeout: 10))
                let key = session.hostKey
                guard key.keyType == "ssh-ed25519" || key.keyType.hasPrefix("ecdsa-sha2-") else {
                    throw Failure(description: "the sshd on port \(port) serves a \(key.keyType) host key; pairing needs an "
                                  + "ed25519 or ECDSA host key. Add one (ssh-keygen -A) and restart sshd, then try again")
                }
                return key.fingerprint
            } catch let failure as Failure {
                throw failure
            } catch {
                lastError = error
            }
        }
        throw Failure(description: "cannot read the host key of the sshd on port \(port) (\(lastError.map { "\($0)".trimmingCharacters(in: CharacterSet(charactersIn: ".")) } ?? "no address")); "
                      + "start sshd or pass the port it listens on with --port, then try again")
    }
}
