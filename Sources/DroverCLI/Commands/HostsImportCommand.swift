import Foundation
import Files
import Hosts

/// `drover hosts import-ssh-config [FILE]`: adds the hosts an OpenSSH client config names.
enum HostsImportCommand {
    static let command = Command(
        "import-ssh-config", summary: "add the hosts named in an OpenSSH client config",
        usage: "hosts import-ssh-config [FILE]",
        details: """
            Reads Host, HostName, User and Port from FILE (default ~/.ssh/config), with ssh's
            first-value-wins rule. Wildcard and negated Host patterns, Include lines and Match
            blocks are skipped with a note. A host whose name or user@host:port is already in the
            registry is skipped, so importing twice adds nothing.
            """,
        action: { args, ctx in
            if args.positionals.count > 1 { throw UsageError("unexpected argument '\(args.positionals[1])'") }
            let home = ctx.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            let path = args.positionals.first ?? home + "/.ssh/config"
            guard let data = try AtomicFile.read(path) else {
                throw FileError(path: path, reason: "does not exist", advice: "Give the path of an ssh config file.")
            }
            let parsed = SSHConfigImport.parse(String(decoding: data, as: UTF8.self))
            let localUser = LocalUser.name
            let (added, skipped) = try HostStore(root: ctx.root).modify { list, now -> ([RegistryHost], [String]) in
                var added: [RegistryHost] = []
                var skipped: [String] = []
                for entry in parsed.entries {
                    let host = RegistryHost(name: entry.alias, hostname: Hostname.stripBrackets(entry.hostname),
                                            port: entry.port ?? RegistryHost.defaultPort, user: entry.user ?? localUser)
                    do {
                        if let twin = list.entry(withSameAccountAs: host) {
                            skipped.append("\(entry.alias): \(host.account) is already registered as '\(twin.name)'")
                        } else if list.named(host.name) != nil {
                            skipped.append("\(entry.alias): a host with that name is already registered")
                        } else {
                            try list.add(host, now: now)
                            added.append(host)
                        }
                    } catch let error as HostValidationError {
                        skipped.append("\(entry.alias) (line \(entry.line)): \(error.field) '\(error.value)' is not allowed: \(error.rule)")
                    }
                }
                return (added, skipped)
            }
            for host in added { ctx.print("added \(host.name): \(host.account)") }
            for reason in skipped { ctx.print("skipped \(reason)") }
            for note in parsed.notes { ctx.print("note: \(note)") }
            ctx.print("\(added.count) added, \(skipped.count) skipped (\(path))")
            return 0
        })
}
