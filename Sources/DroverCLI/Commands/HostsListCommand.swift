#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import TextSafety

/// `drover hosts list [--json]`: the registry as an aligned table or as JSON.
enum HostsListCommand {
    static let jsonOption = OptionSpec("json", help: "print the registry as JSON ({\"version\": 1, \"hosts\": [...]})")
    /// Names only: what shell completion offers for a host (`drover completions`).
    static let namesOption = OptionSpec("names", help: "print only the host names, one per line (for scripts and completion)")

    static let command = Command(
        "list", summary: "list the registered hosts", usage: "hosts list [--json | --names]",
        details: "Columns: name, user@host:port, platform, herdr session, and, when a host has jump hosts, a "
            + "ProxyCommand or port forwards, its route ('via bastion +2 fwd', 'proxy: COMMAND'). A host that follows "
            + "~/.ssh/config (--ssh-config) shows what the config gives now. --json prints the hosts.json format "
            + "(the values stored).",
        options: [jsonOption, namesOption],
        action: { args, ctx in try run(args, ctx) })

    static func run(_ args: ParsedArguments, _ ctx: CommandContext) throws -> Int32 {
        if let extra = args.positionals.first { throw UsageError.unknownCommand(extra) }
        if args.flag("json") && args.flag("names") { throw UsageError("give --json or --names, not both") }
        let list = try HostStore(root: ctx.root).load()
        if args.flag("names") {
            ctx.write(list.hosts.map { SafeText.escaped($0.name) + "\n" }.sorted().joined())
        } else if args.flag("json") {
            ctx.write(SafeText.escapedJSON(String(decoding: try HostsFile.encode(list), as: UTF8.self)))
        } else if list.hosts.isEmpty && list.invalid.isEmpty {
            ctx.print("No hosts yet. Add one with 'drover hosts add NAME --host HOST' or 'drover hosts import-ssh-config'.")
        } else {
            ctx.write(table(list, environment: ctx.environment))
        }
        return 0
    }

    /// Bare `drover`: the host list, or `help` when there are no hosts yet.
    static func listOrHelp(_ ctx: CommandContext, help: String) throws -> Int32 {
        let list = try HostStore(root: ctx.root).load()
        ctx.write(list.hosts.isEmpty && list.invalid.isEmpty ? help : table(list, environment: ctx.environment))
        return 0
    }

    /// The hosts sorted by name, one per line, columns aligned; then each entry that breaks a
    /// rule, with its problem and the fix. An entry that follows ssh_config shows what the
    /// config gives now (`FollowedHost`), read with `environment`'s HOME and PATH.
    static func table(_ list: HostList, environment: [String: String]) -> String {
        let usable = list.hosts.isEmpty ? "" : hostTable(FollowedHost.current(list.hosts, environment: environment))
        guard !list.invalid.isEmpty else { return usable }
        let lines = list.invalid.map {
            "  \(SafeText.escaped($0.name)) (INVALID): \(SafeText.escaped($0.problem.problem)); fix it with \(SafeText.escaped($0.fix))"
        }
        return usable + (usable.isEmpty ? "" : "\n")
            + "Not usable until fixed (kept unchanged in hosts.json):\n" + lines.joined(separator: "\n") + "\n"
    }

    private static func hostTable(_ hosts: [HostEntry]) -> String {
        let hosts = hosts.sorted { $0.name < $1.name }
        // The route column appears only when some host has one, so plain registries stay narrow.
        let routes = hosts.contains { route(of: $0) != nil }
        let rows = [["NAME", "ACCOUNT", "PLATFORM", "SESSION"] + (routes ? ["ROUTE"] : [])] + hosts.map {
            [$0.name, $0.account, $0.platform.rawValue, $0.command != nil ? "(command)" : $0.session ?? "(default)"]
                + (routes ? [route(of: $0) ?? "-"] : [])
        }.map { $0.map { SafeText.escaped($0) } }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padded(toLength: widths[column])
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// The jump hosts or ProxyCommand and forwards in a few words: `via bastion +2 fwd`,
    /// `proxy: sh -c …`; nil for a direct host.
    static func route(of host: HostEntry) -> String? {
        let parts = [host.jump.map { "via \($0.joined(separator: ","))" } ?? host.proxyCommand.map { "proxy: \($0)" },
                     host.forward.flatMap { $0.isEmpty ? nil : "+\($0.count) fwd" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
