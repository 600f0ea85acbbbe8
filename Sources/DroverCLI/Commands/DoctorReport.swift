import TextSafety
import Identity
import Sessions
import SSH

/// The text of `drover doctor`: what the libraries can do, and what Drover would do for one
/// host. Pure formatting over values the command gathered, so tests can read it line by line.
enum DoctorReport {
    /// libssh2 and OpenSSL as loaded, what Drover proposes to every host, and the weak
    /// algorithms (of those `legacyAvailable` says this libssh2 has) a host may allow.
    static func libraryLines(libssh2: VersionNumber, openSSL: String,
                             legacyAvailable: (AlgorithmKind) -> [String]) -> [String] {
        var lines = ["libssh2 \(libssh2) (run time), \(openSSL)",
                     "Drover offers, most preferred first (OpenSSH's defaults, as far as libssh2 has them):"]
        for kind in AlgorithmKind.allCases {
            lines.append("  \(kind.label): \(SSHAlgorithms.modern(kind).joined(separator: ", "))")
        }
        lines.append("  strict key exchange (Terrapin, CVE-2023-48795): on (kex-strict-c-v00@openssh.com)")
        lines.append("  RSA keys, yours and hosts': rsa-sha2-512 and rsa-sha2-256 (SHA-2)")
        lines.append("  certificates: an OpenSSH user certificate (FILE-cert.pub beside an identity file, or one "
                     + "the ssh-agent holds) is offered before its plain key")
        lines.append("  security keys (sk-ssh-ed25519, sk-ecdsa): not supported by libssh2 \(libssh2) (through the agent "
                     + "it drops the signature's flags and counter; a key file needs a FIDO library); skipped with a note")
        lines.append("Weak algorithms, proposed only to a host that allows them (--legacy-algorithms NAME[,NAME...]):")
        for kind in AlgorithmKind.allCases {
            let names = legacyAvailable(kind)
            lines.append("  \(kind.label): \(names.isEmpty ? "none in this libssh2" : names.joined(separator: ", "))")
        }
        return lines
    }

    /// The weak algorithms a host allows, as the plan shows them (a name this libssh2 cannot
    /// use is said to be ignored).
    static func legacyLine(_ names: [String]) -> String {
        guard !names.isEmpty else { return "  algorithms: the modern ones above only" }
        let described = names.map { name in
            SSHAlgorithms.legacyKind(of: name).map { SSHAlgorithms.legacyAvailable($0).contains(name) } == true
                ? name : "\(name) (not one this libssh2 can use; ignored)"
        }
        return "  WEAK algorithms allowed (--legacy-algorithms), after the modern ones: " + described.joined(separator: ", ")
    }

    /// What the connection settled on; a weak algorithm is named as such, with the command
    /// that drops the host's setting (`drop`; nil when only this run allowed it).
    static func negotiatedLines(_ negotiated: NegotiatedAlgorithms, drop: String?) -> [String] {
        var lines = ["  negotiated: \(negotiated.summary)"]
        if !negotiated.weak.isEmpty {
            lines.append("  WEAK: this connection uses \(negotiated.weak.joined(separator: ", ")), allowed by "
                         + "--legacy-algorithms; once the server offers modern algorithms, drop that setting"
                         + (drop.map { " ('\($0)')" } ?? ""))
        }
        return lines
    }

    /// Whether the host gets the local ssh-agent while attached (`--forward-agent`), and what
    /// would be forwarded. `attach`: the arguments of `drover attach` that reach it (one-off flags
    /// too); `keep`: the command that turns it on for good (`hosts edit` for a registered host,
    /// `hosts add … --ssh-config` for a ~/.ssh/config name; nil: none applies).
    static func agentForwardingLine(name: String, attach: String, keep: String?, on: Bool, socket: String?) -> String {
        guard on else {
            let forGood = keep.map { "'\($0)', or this time with " } ?? ""
            return "agent forwarding: off (turn it on with \(forGood)'drover attach \(attach) --forward-agent')"
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
        // As `SSHSession.authenticate` goes: a password-first `--auth` asks before any key.
        let password = "password, then keyboard-interactive (asked by attach; doctor does not try them)"
        if plan.order.first == .prompt { add(password) }
        if let remembered = plan.rememberedKey {
            add("the key that last logged in here, \(remembered), when it is one of the keys below")
        }
        let agent = plan.order.contains(.agent) && plan.agentSocket != nil ? " (signed by the ssh-agent if it holds it)" : ""
        let files = { for file in identityFiles { add(file.text + (file.hasPrivateKey ? agent : "")) } }
        if plan.identityNamed && plan.order.contains(.identityFiles) { files() }
        for kind in plan.order.drop(while: { $0 == .prompt }) {
            switch kind {
            case .privateKeys where !plan.identitiesOnly: add("device key \(deviceKey ?? "(created on first connect)")")
            case .agent where !plan.identitiesOnly:
                add(plan.agentSocket.map { "ssh-agent's other keys (SSH_AUTH_SOCK \($0))" } ?? "ssh-agent: SSH_AUTH_SOCK is not set; skipped")
            case .identityFiles where !plan.identityNamed: files()
            case .prompt: add(password)
            default: break
            }
        }
        if plan.identitiesOnly { lines.append("  identities only: no device key, no other ssh-agent key") }
        lines.append("  host key types offered, in order: \(offered.joined(separator: ", "))")
        lines.append(legacyLine(plan.legacyAlgorithms))
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
        /// True when a private key was read: the ssh-agent signs for it only if it holds it.
        let hasPrivateKey: Bool

        init(display: String, file: PrivateKeyFile?, problem: String?) {
            hasPrivateKey = problem == nil && file?.isPublicKeyOnly == false
            if let problem {
                text = "\(display): \(problem)"
            } else if let file, file.isPublicKeyOnly {
                text = "\(display) (\(file.keyType ?? "key"), public key only: offered when the ssh-agent holds it)"
            } else if let file {
                let type = file.keyType ?? "PEM key"
                let certificate = file.certificate.map { ", its certificate \(display)-cert.pub (\($0.type)) first" } ?? ""
                text = "\(display) (\(type)\(file.isEncrypted ? ", passphrase asked" : "")\(certificate))"
            } else {
                text = "\(display): not found; skipped"
            }
        }
    }

    static func describe(_ pin: KnownHostEntry) -> String {
        "\(pin.key.type) \(pin.key.fingerprint)\(pin.isHashed ? " (hashed line)" : "")"
    }

    /// `  login            12 ms  device key`, the name padded to `width` so that the times of
    /// a run line up (`stepWidth`); a longer name is never cut.
    static func stepLine(_ step: CheckedConnection.Step, width: Int = 22) -> String {
        let (seconds, attoseconds) = step.duration.components
        let ms = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let name = step.name.count >= width ? step.name + " " : step.name.padded(toLength: width)
        let time = String(ms).count < 6 ? String(repeating: " ", count: 6 - String(ms).count) + String(ms) : String(ms)
        return "  \(name)\(time) ms  \(step.detail)"
    }

    /// The name column for a connection through `hops` (jump host names): wide enough for
    /// the longest step of the longest hop (`jump host NAME: TCP and SSH handshake`).
    static func stepWidth(hops: [String]) -> Int {
        let longest = hops.map { "jump host \($0): TCP and SSH handshake".count + 1 }.max() ?? 0
        return max(22, longest)
    }
}
