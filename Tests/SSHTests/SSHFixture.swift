import Foundation
import XCTest
import SSH
import TestSupport

/// A test sshd plus a client key authorized on it, and shortcuts to connect.
final class SSHFixture {
    let sshd: TestSSHD
    let keyPath: String
    let user = TestSSHD.currentUser

    init(listenAddress: String = "127.0.0.1", extraConfig: [String] = [], hostKeyType: String = "ed25519",
         extraHostKeyTypes: [String] = []) throws {
        sshd = try TestSSHD(listenAddress: listenAddress, extraConfig: extraConfig, hostKeyType: hostKeyType,
                            extraHostKeyTypes: extraHostKeyTypes)
        keyPath = sshd.directory.file("client_ed25519")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "drover-test-client", "-f", keyPath])
        try sshd.authorize(String(contentsOfFile: keyPath + ".pub", encoding: .utf8))
    }

    func tearDown() { sshd.tearDown() }

    var endpoint: SSHEndpoint { SSHEndpoint(host: sshd.listenAddress, port: sshd.port, user: user) }

    /// The authorized client key, as the device key would be handed over.
    func clientKey() throws -> SSHPrivateKey {
        SSHPrivateKey(privateKeyText: try String(contentsOfFile: keyPath, encoding: .utf8),
                      publicKeyLine: try String(contentsOfFile: keyPath + ".pub", encoding: .utf8),
                      label: "device key")
    }

    /// A freshly generated key that is NOT authorized.
    func strangerKey() throws -> SSHPrivateKey {
        let path = sshd.directory.file("stranger_\(UUID().uuidString.prefix(6))")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", path])
        return SSHPrivateKey(privateKeyText: try String(contentsOfFile: path, encoding: .utf8),
                             publicKeyLine: nil, label: "device key")
    }

    /// Connected, host key accepted as long as it is the served one, logged in with the client key;
    /// through `port` (a proxy in front of the sshd) when given.
    func session(options: SSHOptions = SSHOptions(), port: Int? = nil) throws -> SSHSession {
        let expected = try sshd.hostKeyFingerprint()
        let target = port.map { SSHEndpoint(host: sshd.listenAddress, port: $0, user: user) } ?? endpoint
        return try SSHSession.open(to: target, options: options, verifyHostKey: { key in
            guard key.fingerprint == expected else { throw TestSupportError("unexpected host key \(key.fingerprint)") }
        }, credentials: SSHCredentials(privateKeys: [try clientKey()]))
    }
}

extension Array where Element == UInt8 {
    var text: String { String(decoding: self, as: UTF8.self) }
}
