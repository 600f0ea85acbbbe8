import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety
import Hosts
import Identity

/// The computer side of pairing (`drover pair-host`): publishes a one-time key, waits for
/// one device to claim it, asks the person at the computer, and authorizes the device key on
/// `y`. The one-time line and the state files are removed on every way out.
public struct PairHost {
    /// Everything one run needs.
    public struct Configuration: Sendable {
        public var authorizedKeys: AuthorizedKeysFile
        public var stateDirectory: String
        /// Absolute path of the drover executable, for the forced command.
        public var droverPath: String
        public var platform: Platform
        public var computerName: String
        public var user: String
        /// The code's addresses, already checked against the herdr app's rules (or allowed
        /// beyond them by `--not-for-herdr-app`); they also set where the one-time key may log in from.
        public var addresses: OfferAddresses
        public var port: Int
        public var session: String?
        public var hostKeyFingerprints: [String]
        public var lifetime: TimeInterval
        /// The command that runs this offer again, options included (never a secret), for the
        /// messages that say to run it again: a bare `drover pair-host` may not work here.
        public var rerunCommand: String

        public init(authorizedKeys: AuthorizedKeysFile, stateDirectory: String, droverPath: String,
                    platform: Platform = .unix, computerName: String, user: String, addresses: OfferAddresses,
                    port: Int, session: String?, hostKeyFingerprints: [String],
                    lifetime: TimeInterval = PairingOffer.defaultLifetime, rerunCommand: String = "drover pair-host") {
            self.authorizedKeys = authorizedKeys
            self.stateDirectory = stateDirectory
            self.droverPath = droverPath
            self.platform = platform
            self.computerName = computerName
            self.user = user
            self.addresses = addresses
            self.port = port
            self.session = session
            self.hostKeyFingerprints = hostKeyFingerprints
            self.lifetime = lifetime
            self.rerunCommand = rerunCommand
        }
    }

    /// How a run ended.
    public enum Outcome: Equatable, Sendable {
        case approved(deviceName: String, fingerprint: String)
        case denied
        case expired
    }

    public let configuration: Configuration
    /// Writes text to the person at the computer (no newline added).
    public let write: (String) -> Void
    /// Where the answer to the prompt is read from (a terminal or, in tests, a pipe).
    public let inputDescriptor: Int32
    public let clock: () -> Date

    public init(configuration: Configuration, write: @escaping (String) -> Void, inputDescriptor: Int32 = STDIN_FILENO,
                clock: @escaping () -> Date = Date.init) {
        self.configuration = configuration
        self.write = write
        self.inputDescriptor = inputDescriptor
        self.clock = clock
    }

    /// Runs the offer. `showCode` presents the link (the QR code, or the text under the test switch).
    public func run(showCode: (PairingOffer) throws -> Void) throws -> Outcome {
        let signals = try PairHostWaits()
        let config = configuration
        let offer = try PairingOffer.mint(computerName: config.computerName, user: config.user,
                                          platform: config.platform, addresses: config.addresses.addresses,
                                          port: config.port, hostKeyFingerprints: config.hostKeyFingerprints,
                                          session: config.session, lifetime: config.lifetime, now: clock())
        let id = offer.link.id
        let state = PairingStateDirectory(path: config.stateDirectory, id: id)
        try state.ensureExists()
        // What runs killed before their own clean-up left behind goes first (issue 30).
        _ = try PairingLeftovers.clean(authorizedKeys: config.authorizedKeys, stateDirectory: config.stateDirectory,
                                       now: clock())
        let command = try config.platform.pairHostForcedCommand(drover: config.droverPath, id: id,
                                                                    stateDirectory: config.stateDirectory)
        defer { withdraw(state: state, signals: signals) }
        try state.create(.offer, [String(offer.link.expiry)])
        try config.authorizedKeys.append(OneTimeKeyLine.line(publicKeyBase64: offer.publicKeyBase64, id: id,
                                                             expiry: offer.expiry, forcedCommand: command,
                                                             reach: config.addresses.reach))
        try showCode(offer)
        write(PairHostText.waiting(offer: offer, now: clock()))

        guard let claim = try awaitClaim(state: state, until: offer.expiry, signals: signals) else {
            write(PairHostText.expiredBeforeClaim(rerun: config.rerunCommand))
            return .expired
        }
        return try decide(claim: claim, state: state, expiry: offer.expiry, signals: signals)
    }

    private func decide(claim: PairingClaim, state: PairingStateDirectory, expiry: Date,
                        signals: PairHostWaits) throws -> Outcome {
        let deadline = min(expiry, claim.time.addingTimeInterval(Enrollment.approvalWindow))
        write(PairHostText.request(claim))
        ConsoleInput.discardPending(inputDescriptor)
        write("Approve this device? [y/N] ")
        guard let answer = try readAnswer(until: deadline, state: state, signals: signals) else {
            write("\n" + PairHostText.windowClosed(rerun: configuration.rerunCommand))
            return .expired
        }
        guard answer.trimmingSpaces().lowercased() == "y" else {
            guard try state.create(.decision, ["deny"]) else {
                write(PairHostText.windowClosed(rerun: configuration.rerunCommand))
                return .expired
            }
            write(PairHostText.denied(claim))
            return .denied
        }
        guard clock() < deadline, try state.create(.decision, ["approve \(claim.fingerprint)"]) else {
            try state.create(.decision, ["expired"])
            write(PairHostText.tooLate(rerun: configuration.rerunCommand))
            return .expired
        }
        guard clock() < deadline else {
            try state.create(.result, ["expired"])
            write(PairHostText.tooLate(rerun: configuration.rerunCommand))
            return .expired
        }
        let deviceLine = DeviceKeyLine.line(publicKeyBase64: claim.publicKeyBase64, deviceName: claim.deviceName, date: clock())
        let appended = try configuration.authorizedKeys.append(
            deviceLine, unlessAuthorized: "ssh-ed25519 " + claim.publicKeyBase64)
        guard try state.create(.result, ["ok"]) else {
            if appended { try configuration.authorizedKeys.remove { $0 == deviceLine } }
            write(PairHostText.tooLate(rerun: configuration.rerunCommand))
            return .expired
        }
        write(PairHostText.approved(claim, user: configuration.user))
        return .approved(deviceName: claim.deviceName, fingerprint: claim.fingerprint)
    }

    private func awaitClaim(state: PairingStateDirectory, until expiry: Date,
                            signals: PairHostWaits) throws -> PairingClaim? {
        while clock() < expiry {
            if let sig = signals.caught { throw PairHostError.interrupted(signal: sig, rerun: configuration.rerunCommand) }
            if let lines = state.read(.claim) {
                if let claim = PairingClaim(lines: lines) { return claim }
                return nil
            }
            _ = try signals.wait(seconds: 0.1)
        }
        return nil
    }

    /// One line typed at the prompt; nil when the window closed or the enroll gave up first.
    private func readAnswer(until deadline: Date, state: PairingStateDirectory,
                            signals: PairHostWaits) throws -> String? {
        var line: [UInt8] = []
        while true {
            if let sig = signals.caught { throw PairHostError.interrupted(signal: sig, rerun: configuration.rerunCommand) }
            if try signals.wait(seconds: 0.1, alsoReadable: inputDescriptor) {
                var byte: UInt8 = 0
                let n = read(inputDescriptor, &byte, 1)
                if n <= 0 { return "" }
                if byte == 10 { return String(decoding: line, as: UTF8.self) }
                if line.count < 256 { line.append(byte) }
                continue
            }
            if clock() >= deadline || state.exists(.decision) { return nil }
        }
    }

    /// Removes the one-time line and, once the enroll has finished (or a short grace passed),
    /// the state files. Runs on every way out of `run`.
    private func withdraw(state: PairingStateDirectory, signals: PairHostWaits) {
        _ = try? configuration.authorizedKeys.remove { OneTimeKeyLine.isLine($0, ofPairing: state.id) }
        if state.exists(.claim) {
            _ = try? state.create(.decision, ["expired"])
            let giveUp = Date().addingTimeInterval(Enrollment.resultGrace + 1)
            while !state.exists(.done) && Date() < giveUp { _ = try? signals.wait(seconds: 0.1) }
        }
        state.removeAll()
    }
}
