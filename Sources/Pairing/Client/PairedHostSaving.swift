#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety
import Hosts

/// The last step of an approved pairing: the computer goes into the host registry under a
/// name made from the one in the code.
struct PairedHostSaving {
    let link: PairingLink
    let hostStore: HostStore

    /// Adds the host reached at `address`, or updates the entry for the same account, address
    /// and session.
    func save(address: String) throws -> PairingClient.Paired {
        let host = HostEntry(name: PairingHostName.registryName(for: link.computerName), hostname: address,
                             port: link.port, user: link.user, platform: link.platform,
                             session: link.session, command: nil)
        switch try hostStore.upsert(host) {
        case .added(let saved): return PairingClient.Paired(host: saved, updatedExisting: false, address: address)
        case .updated(let saved): return PairingClient.Paired(host: saved, updatedExisting: true, address: address)
        }
    }
}

/// Registry names for paired computers.
public enum PairingHostName {
    /// `n` turned into a registry name: letters, digits, `.`, `_`, `-`, starting with a letter
    /// or digit, at most 64 bytes (other characters become `-`); `host` when nothing is left.
    public static func registryName(for computerName: String) -> String {
        var bytes = computerName.unicodeScalars.map { scalar -> UInt8 in
            let ok = (scalar.isASCIIAlphanumeric || "._-".unicodeScalars.contains(scalar))
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
