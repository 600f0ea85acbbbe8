#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import SSH

extension ConnectionPlan {
    /// `error` with the exact setting that fixes it for this host, when it is a server that
    /// ended the login after too many keys; any other error unchanged.
    func withFix(_ error: SSHError) -> SSHError {
        guard case let .tooManyAuthenticationFailures(user, hostName, tried, message, nil) = error else { return error }
        return .tooManyAuthenticationFailures(user: user, host: hostName, tried: tried, serverMessage: message, fix: tooManyKeysFix)
    }

    /// What to run so that only the key the server accepts is offered (`--identities-only`).
    var tooManyKeysFix: String {
        let files = identityFiles.map(\.display).joined(separator: ", ")
        let register = "'drover hosts add NAME \(legacySetting.registerArguments ?? commandLineName) --identity FILE --identities-only'"
        // An address hop has no entry and attach's --identities-only is the target's: register it.
        if case .addressHop = legacySetting {
            return "Register the jump host with the key it accepts, \(register), and name NAME in --jump instead of "
                + "\(commandLineName)."
        }
        guard let host else {
            let withKey = "the host with the key it accepts: \(register)."
            let present = identityFiles.filter { FileManager.default.fileExists(atPath: $0.path) }.map(\.display)
            guard !present.isEmpty else { return "Register " + withKey }
            return "Offer only your identity files: 'drover attach \(legacySetting.attachArguments ?? commandLineName) --identities-only' offers just "
                + "\(present.joined(separator: ", ")); or register " + withKey
        }
        if identitiesOnly {
            // `attach --identities-only` was for one run: the edit keeps it for good.
            let keep = host.identitiesOnly == true ? "" : " --identities-only"
            return "Only its identity files (\(files)) were offered; name just the one it accepts with "
                + "'drover hosts edit \(host.name)\(keep) --identity FILE', or raise MaxAuthTries in the server's sshd_config."
        }
        if identityNamed {
            return "Offer only its identity files (\(files)): 'drover hosts edit \(host.name) --identities-only'."
        }
        return "Offer only the key it accepts: 'drover hosts edit \(host.name) --identities-only --identity FILE' "
            + "(FILE: that key's file, e.g. ~/.ssh/id_ed25519, or its .pub when only the ssh-agent holds the key)."
    }

    /// Remembers the key that logged in to a registry host, so it goes first next time; the
    /// file is only written when the key changed. A registry that cannot be written costs the
    /// order, not the connection: `note` says so.
    func rememberKey(of session: SSHSession, note: (String) -> Void) {
        guard let host, let fingerprint = session.acceptedKeyFingerprint, fingerprint != host.lastKey else { return }
        do {
            try HostStore(root: root).rememberKey(fingerprint, for: host)
        } catch {
            note("could not remember which key logged in to \(host.name): \(error)")
        }
    }
}
