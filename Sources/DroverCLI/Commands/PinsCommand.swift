#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Files
import Hosts
import Identity
import TextSafety

/// `drover pins [list]` and `drover pins forget HOST[:PORT] | NAME`: the pinned host keys.
enum PinsCommand {
    static let list = Command(
        "list", summary: "list pinned host keys (the default)", usage: "pins list",
        details: """
            Shows every pinned host key: host, port, key type and SHA256 fingerprint. Lines hashed \
            with 'ssh-keygen -H' show host (hashed) and port -, since the file does not say which \
            host they belong to.
            """,
        action: { args, ctx in
            _ = try args.positionals(exactly: [])
            let entries = try KnownHosts(root: ctx.root).list()
            guard !entries.isEmpty else {
                ctx.print("No pinned host keys yet. Drover pins a host's key when you first connect and answer 'yes'.")
                return 0
            }
            let rows = [["HOST", "PORT", "TYPE", "FINGERPRINT"]]
                + entries.map { [$0.host, $0.isHashed ? "-" : String($0.port), $0.keyType, $0.fingerprint] }
            ctx.write(table(rows))
            return 0
        })

    /// What `forget` could be given that has pins: the pinned hosts as `pins` lists them and
    /// the registry names whose address and port are pinned (a mistyped name is matched
    /// against these only, so the guess never points at a host with nothing to forget).
    static func pinnedNames(_ pins: KnownHosts, root: DroverRoot) throws -> [String] {
        let pinned = try pins.list().filter { !$0.isHashed }
        let registered = ((try? HostStore(root: root).load())?.hosts ?? []).filter { host in
            pinned.contains { $0.host == HostName.normalized(host.hostname) && $0.port == host.port }
        }
        return registered.map(\.name) + pinned.map(\.token)
    }

    /// Pins are kept by address and port, so forgetting one forgets it for every registry name
    /// with that address: those names are said (besides `except`, the name given), since their
    /// next connection asks about the key again too.
    static func sharingNote(host: String, port: Int, except given: String?, root: DroverRoot) -> String? {
        let names = ((try? HostStore(root: root).load())?.hosts ?? [])
            .filter { HostName.normalized($0.hostname) == HostName.normalized(host) && $0.port == port && $0.name != given }
            .map(\.name)
        guard !names.isEmpty else { return nil }
        let list = names.map { SafeText.escaped($0) }.joined(separator: ", ")
        return given == nil
            ? "This pin was used by \(list) (the same address); the next connection asks about the key again."
            : "This pin was also used by \(list) (the same address); its next connection asks about the key again too."
    }

    /// Left-aligned columns two spaces apart; the last column is not padded.
    static func table(_ rows: [[String]]) -> String {
        let rows = rows.map { $0.map { SafeText.escaped($0) } }
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padded(toLength: widths[column])
            }.joined(separator: "  ") + "\n"
        }.joined()
    }

    static let forget = Command(
        "forget", summary: "remove the pinned keys of one host and port",
        usage: "pins forget HOST[:PORT] | NAME",
        details: """
            Removes the pins of exactly HOST on PORT (22 when no port is given); other ports of \
            the same host keep theirs. NAME, a registry name (see 'drover hosts'), stands for \
            that host's address and port; pins are kept by address, so other names with that \
            address and port lose theirs too (the output names them). Write IPv6 addresses as [::1]:2222, or bare (::1) for \
            port 22. The next connection shows the host's key and asks before pinning it again.
            """,
        operands: .hosts,
        action: { args, ctx in
            let raw = try args.positionals(exactly: ["HOST[:PORT] or NAME"])[0]
            let (host, port, entry) = try PinTarget.resolve(raw, root: ctx.root)
            let pins = KnownHosts(root: ctx.root)
            if entry != nil, let literal = try? PinTarget.parse(raw), literal != (host, port),
               !(try pins.pins(host: literal.host, port: literal.port)).isEmpty {
                throw UsageError("'\(raw)' is a registry name (for \(HostName.token(host: host, port: port))) and also a pinned "
                                 + "host; give 'drover pins forget \(HostName.token(host: host, port: port))' or "
                                 + "'drover pins forget \(raw):\(literal.port)'")
            }
            let removed = try pins.remove(host: host, port: port)
            let name = HostName.token(host: host, port: port)
            if let entry { ctx.print("\(entry) is \(name)") }
            guard !removed.isEmpty else {
                // Other ports are other servers: they are named only when no port was given (the
                // person may have meant one), never for a registry name, which says its port.
                let portGiven = entry != nil || (try? AddressArgument.parse(raw))?.port != nil
                let others = portGiven ? [] : try pins.list().filter { $0.host == HostName.normalized(host) }.map(\.token)
                let guess = entry == nil && others.isEmpty
                    ? Suggestion.closest(to: raw, among: try pinnedNames(pins, root: ctx.root)) : nil
                throw NoPinError(name: name, entry: entry, otherPorts: others, suggestion: guess)
            }
            for entry in removed {
                ctx.print("Forgot \(name) \(entry.keyType) \(entry.fingerprint)\(entry.isHashed ? " (a hashed line)" : "")")
            }
            if let sharing = sharingNote(host: host, port: port, except: entry, root: ctx.root) { ctx.print(sharing) }
            if !(try pins.pins(host: host, port: port)).isEmpty {
                ctx.printError("Note: a wildcard line in \(pins.path) still matches \(name); edit that file to remove it.")
            }
            return 0
        })

    static let command = Command(
        "pins", summary: "list or forget pinned host keys",
        usage: "pins [list | forget HOST[:PORT] | forget NAME]",
        details: """
            Pins live in known_hosts in the Drover directory, in OpenSSH's format, so \
            'ssh-keygen -F HOST -f FILE' reads them. A changed host key stops a connection \
            until 'drover pins forget' removes the old pin.
            """,
        subcommands: [list, forget],
        action: { args, ctx in
            if let first = args.positionals.first { throw UsageError.unknownCommand(first, command: "pins") }
            return try list.action!(args, ctx)
        })
}

/// `forget` found nothing to remove.
struct NoPinError: Error, CustomStringConvertible {
    let name: String
    /// The registry name that was given for `name`, if any.
    let entry: String?
    let otherPorts: [String]
    /// The one pinned host or registry name close to what was typed, if any.
    var suggestion: String? = nil

    var description: String {
        if let entry {
            return "no pinned key for \(name) (\(entry)), so there is nothing to forget: the next connection to \(entry) "
                + "shows its key and asks. Run 'drover pins' to see the pins."
        }
        if otherPorts.isEmpty {
            let guess = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return "no pinned key for \(name).\(guess) Run 'drover pins' to see the pins."
        }
        return "no pinned key for \(name), but there are pins for \(otherPorts.joined(separator: ", ")). Give the port too, e.g. 'drover pins forget \(otherPorts[0])'."
    }
}
