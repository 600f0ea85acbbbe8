/// A link printed, logged, dumped or shown in a failed test assertion never shows its seed:
/// string interpolation, `print`, `dump` and XCTest all go through these, and the seed alone
/// lets anyone holding it claim the pairing.
extension PairingLink: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "PairingLink(id: \(id), computer: \(computerName), user: \(user), platform: \(platform.rawValue), "
            + "addresses: \(addresses), port: \(port), fingerprints: \(hostKeyFingerprints), seed: <redacted>, "
            + "expiry: \(expiry), session: \(session ?? "none"))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: [
            "id": id, "computerName": computerName, "user": user, "platform": platform,
            "addresses": addresses, "port": port, "hostKeyFingerprints": hostKeyFingerprints,
            "seed": "<redacted>", "expiry": expiry, "session": session as Any,
        ])
    }
}
