#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Hosts
import Identity
import SSH

/// The enrolling side: connects to the computer named by a pairing code, checks it, sends
/// this device's key and name, and on approval pins the host key and saves the host.
public struct PairingClient {
    /// This device as it introduces itself.
    public struct Device: Sendable {
        public let publicKeyBlob: Data
        public let name: String
        public let fingerprint: String

        public init(publicKeyBlob: Data, name: String) {
            self.publicKeyBlob = publicKeyBlob
            self.name = name
            self.fingerprint = Fingerprint.sha256(ofBlob: publicKeyBlob)
        }

        /// The two lines the forced command reads.
        public var enrollLines: String { "ssh-ed25519 \(publicKeyBlob.base64EncodedString())\n\(name)\n" }
    }

    /// A finished pairing.
    public struct Paired: Equatable, Sendable {
        public let host: Hosts.Host
        /// True when the existing entry for the same account, address and session was updated.
        public let updatedExisting: Bool
        public let address: String
    }

    public let link: PairingLink
    public let device: Device
    public let anyNetwork: Bool
    public let knownHosts: KnownHosts
    public let hostStore: HostStore
    /// Progress lines for the user ("Connecting to …", "Waiting for approval …").
    public let report: (String) -> Void
    public let options: SSHOptions

    public init(link: PairingLink, device: Device, anyNetwork: Bool, knownHosts: KnownHosts, hostStore: HostStore,
                options: SSHOptions = SSHOptions(connectTimeout: 10, handshakeTimeout: 15, operationTimeout: 30),
                report: @escaping (String) -> Void) {
        self.link = link
        self.device = device
        self.anyNetwork = anyNetwork
        self.knownHosts = knownHosts
        self.hostStore = hostStore
        self.options = options
        self.report = report
    }

    public func enroll() throws -> Paired {
        guard PairingFieldRules.isDeviceName(device.name) else { throw PairingClientError.badDeviceName(device.name) }
        let (session, address) = try connect()
        let token = try exchange(on: session)
        switch token {
        case .ok: break
        case .invalid: throw PairingClientError.invalid
        case .denied: throw PairingClientError.denied
        case .expired: throw PairingClientError.expired
        }
        try knownHosts.add(host: address, port: link.port, keyType: session.hostKey.keyType, blob: Data(session.hostKey.blob))
        let host = Hosts.Host(name: PairingHostName.registryName(for: link.computerName), hostname: address, port: link.port,
                        user: link.user, platform: link.platform == .windows ? .windows : .unix,
                        session: link.session, command: nil)
        switch try hostStore.upsert(host) {
        case .added(let saved): return Paired(host: saved, updatedExisting: false, address: address)
        case .updated(let saved): return Paired(host: saved, updatedExisting: true, address: address)
        }
    }

    /// Tries each address in order; returns the first session whose peer and host key pass.
    private func connect() throws -> (SSHSession, String) {
        var attempts: [String] = []
        for address in link.addresses {
            report("Connecting to \(address) port \(link.port)…")
            let session: SSHSession
            do {
                // Pinned types first, so a computer with several keys shows the pinned one.
                session = try SSHSession.connect(to: SSHEndpoint(host: address, port: link.port, user: link.user),
                                                 options: options.preferringPins(in: knownHosts, host: address,
                                                                                 port: link.port))
            } catch {
                attempts.append("\(address): \(error)")
                continue
            }
            guard PeerAddressPolicy.accepts(session.peer.address, anyNetwork: anyNetwork) else {
                attempts.append("\(address): answered from \(session.peer.address), which is not a tailnet or loopback address")
                continue
            }
            try session.verifyHostKey { key in try check(key, address: address) }
            do {
                try session.authenticate(oneTimeCredentials())
            } catch {
                throw PairingClientError.oneTimeKeyRefused(address: address)
            }
            return (session, address)
        }
        throw PairingClientError.noAddressWorked(attempts)
    }

    /// The code's fingerprints, then the pins: a different pin of the same type stops before the
    /// one-time key is used. Pins of other types only do not: the code vouches for this key.
    private func check(_ key: PresentedHostKey, address: String) throws {
        guard link.hostKeyFingerprints.contains(key.fingerprint) else {
            throw PairingClientError.hostKeyMismatch(address: address, presented: key.fingerprint,
                                                     expected: link.hostKeyFingerprints)
        }
        switch try knownHosts.lookup(host: address, port: link.port, keyType: key.keyType, blob: Data(key.blob)) {
        case .changed(let pinned):
            throw PairingClientError.pinConflict(address: address, port: link.port, pinned: pinned)
        case .revoked:
            throw SSHError.hostKeyRevoked(host: address, port: link.port, keyType: key.keyType,
                                          fingerprint: key.fingerprint, file: knownHosts.path)
        case .match, .unknown, .otherTypesPinned:
            return
        }
    }

    private func oneTimeCredentials() throws -> SSHCredentials {
        let key = try Ed25519KeyPair(seed: Data(link.seed))
        let comment = OneTimeKeyLine.comment(id: link.id)
        return SSHCredentials(privateKeys: [SSHPrivateKey(privateKeyText: OpenSSHPrivateKey.encode(key, comment: comment),
                                                          publicKeyLine: key.publicLine(comment: comment),
                                                          label: "the code's one-time key")])
    }

    /// How long the client waits for the computer's answer.
    public static let answerWindow: TimeInterval = 180

    /// Everything the forced command prints until it exits, bounded by `window` in total.
    private func readAnswer(from channel: SSHChannel, session: SSHSession, within window: TimeInterval) throws -> [UInt8] {
        let deadline = Date().addingTimeInterval(window)
        var stdout: [UInt8] = []
        while true {
            let output = try channel.readAvailable()
            if stdout.count < 65536 { stdout += output.stdout }
            if output.reachedEOF { break }
            guard output.isEmpty else { continue }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { throw PairingClientError.answerTimedOut(computer: link.computerName) }
            var fds = [pollfd(fd: session.socketDescriptor, events: session.blockDirections.pollEvents, revents: 0)]
            _ = poll(&fds, 1, Int32(min(left, 1) * 1000))
        }
        _ = try? channel.close()
        return stdout
    }

    /// Sends the two lines without a PTY and reads the last token.
    private func exchange(on session: SSHSession) throws -> EnrollToken {
        let channel = try session.exec("herdr-pair-enroll", pty: nil)
        try channel.writeAll(Array(device.enrollLines.utf8))
        try channel.sendEOF()
        report("Waiting for approval on \(link.computerName): approve only if it shows \(device.fingerprint)")
        let stdout = try readAnswer(from: channel, session: session, within: Self.answerWindow)
        let text = String(decoding: stdout, as: UTF8.self)
        guard let token = EnrollToken.last(in: text) else { throw PairingClientError.noToken(output: text) }
        return token
    }
}

/// Registry names for paired computers.
public enum PairingHostName {
    /// `n` turned into a registry name: letters, digits, `.`, `_`, `-`, starting with a letter
    /// or digit, at most 64 bytes (other characters become `-`); `host` when nothing is left.
    public static func registryName(for computerName: String) -> String {
        var bytes = computerName.unicodeScalars.map { scalar -> UInt8 in
            let ok = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
            return ok ? UInt8(scalar.value) : UInt8(ascii: "-")
        }
        while let first = bytes.first, !(first.isASCIILetterOrDigit) { bytes.removeFirst() }
        let name = String(decoding: bytes.prefix(64), as: UTF8.self)
        return name.isEmpty ? "host" : name
    }
}

private extension UInt8 {
    var isASCIILetterOrDigit: Bool {
        (48...57).contains(self) || (65...90).contains(self) || (97...122).contains(self)
    }
}
