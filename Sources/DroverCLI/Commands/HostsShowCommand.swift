import Foundation
import Hosts
import TextSafety

/// `drover hosts show NAME`: every field, and the exact command that runs on attach.
enum HostsShowCommand {
    static let command = Command(
        "show", summary: "show a host's settings and the command that attaches it",
        usage: "hosts show NAME",
        action: { args, ctx in
            let name = try args.positionals(exactly: ["NAME"])[0]
            ctx.write(describe(try HostStore(root: ctx.root).host(named: name)))
            return 0
        })

    static func describe(_ host: HostEntry) -> String {
        let time: (Date?) -> String = { date in
            date.map { ISO8601DateFormatter().string(from: $0) } ?? "unknown"
        }
        let rows: [(String, String)] = [
            ("name", host.name),
            ("hostname", host.hostname),
            ("port", String(host.port)),
            ("user", host.user),
            ("platform", host.platform.rawValue),
            ("session", host.session ?? "(herdr's default)"),
            ("auth", host.auth.map(\.rawValue).joined(separator: ", ")),
            ("created", time(host.created)),
            ("updated", time(host.updated)),
            ("command", host.command == nil ? "(herdr attach command for \(host.platform.rawValue))" : "(override)"),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { "\(($0.0 + ":").padding(toLength: width + 1, withPad: " ", startingAt: 0))  \(SafeText.escaped($0.1))" }
        return (lines + ["", "Runs on attach:", "  \(SafeText.escaped(host.attachCommand))"]).joined(separator: "\n") + "\n"
    }
}
