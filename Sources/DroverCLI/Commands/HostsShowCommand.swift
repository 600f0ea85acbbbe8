#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import TextSafety

/// `drover hosts show NAME`: every field, and the exact command that runs on attach.
enum HostsShowCommand {
    static let command = Command(
        "show", summary: "show a host's settings and the command that attaches it",
        usage: "hosts show NAME",
        operands: .hosts,
        action: { args, ctx in
            let name = try args.positionals(exactly: ["NAME"])[0]
            let list = try HostStore(root: ctx.root).load()
            if let invalid = list.invalidNamed(name) {
                ctx.write(describe(invalid))
                return 0
            }
            guard let stored = list.named(name) else { throw HostStoreError.notFound(name: name) }
            // An entry that follows ~/.ssh/config shows what the config gives now, as attach reads it.
            let (host, problem) = FollowedHost.current(stored, lookup: SSHConfigLookup(environment: ctx.environment))
            ctx.write(describe(host, followProblem: problem))
            return 0
        })

    /// An entry that breaks a rule: its problem, the fix, and the fields as stored.
    static func describe(_ invalid: InvalidHostEntry) -> String {
        let head = ["problem:  \(SafeText.escaped(invalid.problem.problem))",
                    "fix:      \(SafeText.escaped(invalid.fix))", ""]
        return head.joined(separator: "\n") + "\n" + fields(invalid.entry) + "\n"
    }

    /// herdr's own unix line runs inside `sh -c` after the sshd fence (ADR 0031), whose record
    /// name and token are made per connection, so they are described rather than shown.
    static func describe(_ host: HostEntry, followProblem: String? = nil) -> String {
        let fenced = host.command == nil && host.platform == .unix
            ? "  (exec'd by 'sh -c' after it records which sshd serves the connection in ~/\(SSHDFence.directory))\n" : ""
        return fields(host, followProblem: followProblem) + "\n\nRuns on attach:\n  \(SafeText.escaped(host.attachCommand))\n" + fenced
    }

    /// Every stored field, one per line, escaped.
    private static func fields(_ host: HostEntry, followProblem: String? = nil) -> String {
        let time: (Date?) -> String = { date in
            date.map(InternetDate.format) ?? "unknown"
        }
        let fixed: [(String, String)] = [
            ("name", host.name),
            ("hostname", host.hostname),
            ("port", String(host.port)),
            ("user", host.user),
            ("platform", host.platform.rawValue),
            ("session", host.session ?? "(herdr's default)"),
            ("auth", host.auth.map(\.rawValue).joined(separator: ", ")),
            host.proxyCommand.map { ("proxy", "\($0) (its ProxyCommand, run by attach to reach the host)") }
                ?? ("jump", host.jump?.joined(separator: ",") ?? "(none: direct)"),
            ("forward", host.forward?.joined(separator: " ") ?? "(none)"),
            ("identity", host.identity?.joined(separator: ", ") ?? "(~/.ssh/id_ed25519, ~/.ssh/id_ecdsa, ~/.ssh/id_rsa if present)"),
            ("ssh pins", host.sshKnownHosts == false ? "not read (--no-ssh-known-hosts)" : "~/.ssh/known_hosts may vouch for a new key"),
            ("predict", (host.predict ?? .auto).rawValue),
            ("created", time(host.created)),
            ("updated", time(host.updated)),
            ("command", host.command == nil ? "(herdr attach command for \(host.platform.rawValue))" : "(override)"),
        ]
        // A setting left at its default is not listed (clipboard: write).
        let rows = fixed + (host.clipboard.map { [("clipboard", $0.rawValue)] } ?? [])
            + (host.identitiesOnly == true ? [("identities-only", "yes: only the identity files are offered")] : [])
            + (host.lastKey.map { [("last key", "\($0) (offered first)")] } ?? [])
            + (host.pasteImages.map { [("paste-images", $0 ? "on" : "off")] } ?? [])
            + (host.prefix.map { [("prefix", $0)] } ?? [])
            + (host.legacyAlgorithms.map { [("legacy algorithms", $0.joined(separator: ",") + " (weak; --legacy-algorithms)")] } ?? [])
            + (host.forwardAgent == true ? [("forward-agent", "on: your ssh-agent is forwarded while attached")] : [])
            + (host.aliases.map { [("aliases", $0.joined(separator: ", "))] } ?? [])
            + (host.sshConfig.map { [("ssh-config", sshConfigRow($0, problem: followProblem))] } ?? [])
            + (host.connectTimeout.map { [("connect timeout", "\($0) s")] } ?? [])
            + (host.keepalive.map { [("keepalive", "\($0) s")] } ?? [])
            + windowsShellRow(host)
            + (host.hostKeyFile.map { [("host key file", "\($0) (on the host; the trust question names it)")] } ?? [])
            + (host.remoteForward.map { [("remote forward", $0.joined(separator: " ") + " (the host listens; as ssh -R)")] } ?? [])
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { "\(($0.0 + ":").padded(toLength: width + 1))  \(SafeText.escaped($0.1))" }
        return lines.joined(separator: "\n")
    }

    /// Where an entry that follows ssh_config takes its values from, or why they are the stored ones.
    private static func sshConfigRow(_ follow: String, problem: String?) -> String {
        guard let problem else {
            return "\(follow) (address, user, port, keys, route and forwards above are what ~/.ssh/config gives now; "
                + "read again at each attach)"
        }
        return "\(follow) (~/.ssh/config cannot be read for it now, so the values above are those stored when it "
            + "was added: \(problem))"
    }

    /// A Windows host's shell (ADR 0032): the one set, the one probed, or the probe still due.
    private static func windowsShellRow(_ host: HostEntry) -> [(String, String)] {
        guard host.platform == .windows else { return [] }
        if let set = host.windowsShell { return [("windows shell", "\(set.rawValue) (--windows-shell)")] }
        if let seen = host.windowsShellSeen { return [("windows shell", "\(seen.rawValue) (probed; probed again if an attach fails)")] }
        return [("windows shell", "probed at the next attach")]
    }
}
