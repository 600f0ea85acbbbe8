import Identity
import Sessions
import SSH

/// The text of `drover doctor`: what the libraries can do, and what Drover would do for one
/// host. Pure formatting over values the command gathered, so tests can read it line by line.
enum DoctorReport {
    /// libssh2 and OpenSSL as loaded, and what they negotiate.
    static func libraryLines(libssh2: VersionNumber, openSSL: String,
                             supported: (LibSSH2Capabilities.Method) -> [String]) -> [String] {
        var lines = ["libssh2 \(libssh2) (run time), \(openSSL)"]
        for method in LibSSH2Capabilities.Method.allCases {
            lines.append("  \(method.label): \(supported(method).joined(separator: ", "))")
        }
        lines.append("  host keys Drover accepts: \(SSHOptions.hostKeyAlgorithms(for: libssh2).joined(separator: ", "))")
        if libssh2.supportsRSASHA2 {
            lines.append("  RSA: rsa-sha2-256/512 for RSA user keys and host keys")
        } else {
            lines.append("  RSA: this libssh2 signs only with ssh-rsa (SHA-1), which OpenSSH 8.8 and later refuse; "
                         + "use ed25519 keys (libssh2 1.11 or newer adds rsa-sha2-256/512)")
        }
        return lines
    }

    /// Whether the host gets the local ssh-agent while attached (`--forward-agent`), and what
    /// would be forwarded. `registered`: the host's registry name, which `hosts edit` takes.
    static func agentForwardingLine(name: String, registered: String?, on: Bool, socket: String?) -> String {
        guard on else {
            let forGood = registered.map { "'drover hosts edit \($0) --forward-agent', or this time with " } ?? ""
            return "agent forwarding: off (turn it on with \(forGood)'drover attach \(name) --forward-agent')"
        }
        guard let socket else {
            return "agent forwarding: on, but SSH_AUTH_SOCK is not set here: no agent to forward (attach goes on without it)"
        }
        return "agent forwarding: on: the ssh-agent at \(socket) is forwarded to \(name) while attached (never to jump hosts)"
    }

    /// The plan for one host: address, key order and pins.
    static func planLines(name: String, plan: ConnectionPlan, deviceKey: String?, identityFiles: [IdentityLine],
                          pins: [KnownHostEntry], openSSHPins: OpenSSHPins, offered: [String]) -> [String] {
        let account = "\(plan.endpoint.user)@\(plan.endpoint.hostAndPort)"
        var lines = [name == account ? account : "\(name): \(account)",
                     "  address: \(plan.endpoint.host), port \(plan.endpoint.port), user \(plan.endpoint.user)",
                     "  keys, in the order tried:"]
        var number = 0
        func add(_ text: String) {
            number += 1
            lines.append("    \(number). \(text)")
        }
        for kind in plan.order {
            switch kind {
            case .privateKeys: add("device key \(deviceKey ?? "(created on first connect)")")
            case .agent: add(plan.agentSocket.map { "ssh-agent keys (SSH_AUTH_SOCK \($0))" } ?? "ssh-agent: SSH_AUTH_SOCK is not set; skipped")
            case .identityFiles: for file in identityFiles { add(file.text) }
            case .prompt: add("password, then keyboard-interactive (asked by attach; doctor does not try them)")
            }
        }
        lines.append("  host key types offered, in order: \(offered.joined(separator: ", "))")
        lines.append(pins.isEmpty ? "  Drover pins: none yet" : "  Drover pins: " + pins.map(describe).joined(separator: "; "))
        switch openSSHPins {
        case .entries(let entries):
            lines.append(entries.isEmpty ? "  ~/.ssh/known_hosts: nothing for this host"
                         : "  ~/.ssh/known_hosts (read only, vouches for a new key): " + entries.map(describe).joined(separator: "; "))
        case .unreadable(let reason):
            lines.append("  ~/.ssh/known_hosts: cannot be used: \(reason)")
        case .notRead:
            lines.append("  ~/.ssh/known_hosts: not read (--no-ssh-known-hosts)")
        }
        return lines
    }

    /// What `~/.ssh/known_hosts` holds for the host, why it could not be read, or that it is not read.
    enum OpenSSHPins {
        case entries([KnownHostEntry])
        case unreadable(String)
        case notRead
    }

    /// One identity file as the plan shows it.
    struct IdentityLine {
        let text: String

        init(display: String, file: PrivateKeyFile?, problem: String?) {
            if let problem {
                text = "\(display): \(problem)"
            } else if let file {
                let type = file.keyType ?? "PEM key"
                let rsa = file.keyType == "ssh-rsa" && !VersionNumber.libssh2.supportsRSASHA2
                    ? "; RSA: refused by OpenSSH 8.8+ with this libssh2" : ""
                text = "\(display) (\(type)\(file.isEncrypted ? ", passphrase asked" : "")\(rsa))"
            } else {
                text = "\(display): not found; skipped"
            }
        }
    }

    static func describe(_ pin: KnownHostEntry) -> String {
        "\(pin.key.type) \(pin.key.fingerprint)\(pin.isHashed ? " (hashed line)" : "")"
    }

    /// `  login            12 ms  device key`.
    static func stepLine(_ step: CheckedConnection.Step) -> String {
        let (seconds, attoseconds) = step.duration.components
        let ms = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        // A jump host's steps carry its name and may be longer than the column: never cut.
        let name = step.name.count >= 22 ? step.name + " " : step.name.padding(toLength: 22, withPad: " ", startingAt: 0)
        let time = String(ms).count < 6 ? String(repeating: " ", count: 6 - String(ms).count) + String(ms) : String(ms)
        return "  \(name)\(time) ms  \(step.detail)"
    }
}
