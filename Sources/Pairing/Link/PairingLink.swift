#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import TextSafety

/// A herdr pairing v1 link: `herdr://pair?v=1&id=…&n=…&u=…&os=…&h=…&p=…&fp=…&k=…&x=…[&s=…]`.
///
/// A value of this type has passed every rule of the protocol's table except freshness,
/// which depends on the clock: `parse(_:now:)` checks both, `format()` writes the link back
/// with RFC 3986 escaping.
public struct PairingLink: Equatable, Sendable {
    /// The only version this implementation speaks (`v`).
    public static let version = 1
    /// How far ahead of the local clock an expiry may lie.
    public static let maximumLifetime: Int64 = 15 * 60

    /// Pairing id: 16 random bytes as 22 base64url characters (`id`).
    public var id: String
    /// Display name of the computer (`n`); shown to the user, never executed.
    public var computerName: String
    /// SSH account (`u`).
    public var user: String
    /// Platform of the computer (`os`).
    public var platform: Platform
    /// Addresses to try, preferred first (`h`, 1–4).
    public var addresses: [String]
    /// sshd port (`p`).
    public var port: Int
    /// `SHA256:` fingerprints of the served host keys (`fp`, 1–3).
    public var hostKeyFingerprints: [String]
    /// The one-time Ed25519 seed (`k`, 32 bytes). Secret: never print it.
    public var seed: [UInt8]
    /// Expiry as Unix seconds (`x`).
    public var expiry: Int64
    /// herdr session to attach to (`s`), if the code names one.
    public var session: String?

    public init(id: String, computerName: String, user: String, platform: Platform, addresses: [String],
                port: Int, hostKeyFingerprints: [String], seed: [UInt8], expiry: Int64, session: String? = nil) {
        self.id = id
        self.computerName = computerName
        self.user = user
        self.platform = platform
        self.addresses = addresses
        self.port = port
        self.hostKeyFingerprints = hostKeyFingerprints
        self.seed = seed
        self.expiry = expiry
        self.session = session
    }

    /// Parses `text` and checks every field, its hosts under `hosts` (the herdr app's rule
    /// unless the person asked for `--not-for-herdr-app`), then that the code is neither
    /// expired nor more than 15 minutes ahead of `now`.
    public static func parse(_ text: String, now: Date,
                             hosts: PairingHostRules.Scope = .herdrApp) throws(PairingLinkError) -> PairingLink {
        let link = try PairingLinkParser.parse(text, hosts: hosts)
        try link.checkFreshness(now: now)
        return link
    }

    /// Throws when the code has expired or claims a lifetime longer than 15 minutes. As in the
    /// herdr app, the code stands while `now < x <= now + 900` on the real-valued clock: an `x`
    /// equal to the current second has expired.
    public func checkFreshness(now: Date) throws(PairingLinkError) {
        let remaining = Date(timeIntervalSince1970: TimeInterval(expiry)).timeIntervalSince(now)
        let nowSeconds = Int64(now.timeIntervalSince1970.rounded(.down))
        if remaining <= 0 { throw .expired(secondsAgo: max(0, nowSeconds - expiry)) }
        if remaining > Double(Self.maximumLifetime) { throw .expiryTooFarAhead(seconds: expiry - nowSeconds) }
    }

    /// The computer name as Drover shows it: control characters (line breaks too) escaped,
    /// since the herdr app's rule lets `n` hold anything up to 64 characters.
    public var shownComputerName: String {
        computerName.isEmpty ? "(unnamed computer)" : SafeText.escaped(computerName)
    }

    /// Seconds until the code expires (negative once it has).
    public func secondsLeft(now: Date) -> Int64 {
        expiry - Int64(now.timeIntervalSince1970.rounded(.down))
    }

    /// The link text, fields in the protocol's order, values escaped per RFC 3986.
    public func format() -> String {
        var fields: [(String, String)] = [
            ("v", String(Self.version)),
            ("id", id),
            ("n", computerName),
            ("u", user),
            ("os", platform.rawValue),
            ("h", addresses.joined(separator: ",")),
            ("p", String(port)),
            ("fp", hostKeyFingerprints.joined(separator: ",")),
            ("k", Base64URL.encode(seed)),
            ("x", String(expiry)),
        ]
        if let session { fields.append(("s", session)) }
        return "herdr://pair?" + fields.map { "\($0.0)=\(QueryEscaping.escape($0.1))" }.joined(separator: "&")
    }
}
