#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import Identity
import SSH

/// The enrolling side: connects to the computer named by a pairing code, checks it, sends
/// this device's key and name, and on approval pins the host key and saves the host. The four
/// steps live in their own types: `PairingConnector` (addresses and the address policy),
/// `PairingTrust` (host key against the code and the pins), `EnrollmentExchange` (the
/// request and its answer) and `PairedHostSaving` (the registry).
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
        public let host: HostEntry
        /// True when the existing entry for the same account, address and session was updated.
        public let updatedExisting: Bool
        public let address: String
    }

    public let link: PairingLink
    public let device: Device
    /// Which peers may be used: tailnet and loopback, also private LANs, or any network.
    public let reach: PeerAddressPolicy.Reach
    public let knownHosts: KnownHosts
    public let hostStore: HostStore
    /// Progress lines for the user ("Connecting to …", "Waiting for approval …").
    public let report: (String) -> Void
    public let options: SSHOptions

    public init(link: PairingLink, device: Device, reach: PeerAddressPolicy.Reach, knownHosts: KnownHosts, hostStore: HostStore,
                options: SSHOptions = SSHOptions(connectTimeout: 10, handshakeTimeout: 15, operationTimeout: 30),
                report: @escaping (String) -> Void) {
        self.link = link
        self.device = device
        self.reach = reach
        self.knownHosts = knownHosts
        self.hostStore = hostStore
        self.options = options
        self.report = report
    }

    /// How long the client waits for the computer's answer.
    public static let answerWindow: TimeInterval = 180

    /// Connects, sends the request, and on approval pins the host key and saves the host.
    public func enroll() throws -> Paired {
        guard PairingFieldRules.isDeviceName(device.name) else { throw PairingClientError.badDeviceName(device.name) }
        let trust = PairingTrust(link: link, knownHosts: knownHosts)
        let connector = PairingConnector(link: link, reach: reach, options: options, trust: trust, report: report)
        let (session, address) = try connector.connect()
        let exchange = EnrollmentExchange(computerName: link.shownComputerName, device: device, report: report)
        switch try exchange.run(on: session, within: .seconds(Self.answerWindow)) {
        case .ok: break
        case .invalid: throw PairingClientError.invalid
        case .denied: throw PairingClientError.denied
        case .expired: throw PairingClientError.expired
        }
        try trust.pin(session, address: address)
        return try PairedHostSaving(link: link, hostStore: hostStore).save(address: address)
    }
}
