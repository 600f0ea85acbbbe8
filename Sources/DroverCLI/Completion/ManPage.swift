#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety

/// The man page drover(1) (`drover man`), in roff: every visible command's usage, summary,
/// details and options, from the tables `drover help COMMAND` prints, so the two agree.
enum ManPage {
    static func page(_ tree: CommandTree = CommandTree(), version: String = Drover.version) -> String {
        var lines = [
            ".TH DROVER 1 \"\" \"drover \(version)\" \"User Commands\"",
            // Left-aligned and unhyphenated: option names must stay whole to be copied.
            ".nh", ".ad l",
            ".SH NAME",
            "drover \\- attach this terminal to herdr sessions on other computers over SSH",
            ".SH SYNOPSIS",
        ]
        for node in tree.nodes.dropFirst() where node.path.count == 1 {
            let rest = (node.command.usage.split(separator: "\n").first ?? "").drop { $0 != " " }.drop { $0 == " " }
            lines += [".B drover", "\\fB\(node.command.name)\\fR " + escaped(String(rest)), ".br"]
        }
        lines += [".SH DESCRIPTION"] + paragraphs(CommandTable.root.summary + "\n\n" + CommandTable.root.details)
        lines += [".SH COMMANDS"]
        for node in tree.nodes {
            let command = node.command
            // A usage of two forms puts the second on its own line (already starting with "drover").
            let forms = command.usage.split(separator: "\n").map { $0.trimmingSpaces() }
            lines += [".SS \"\(escaped("drover " + (forms.first ?? "")).replacingLiterally("\"", with: "\\(dq"))\""]
            for form in forms.dropFirst() { lines += [".br", ".B " + escaped(form)] }
            // drover's own summary and details are the DESCRIPTION above: not repeated here.
            if !node.path.isEmpty {
                lines += paragraphs(command.summary + (command.details.isEmpty ? "" : "\n\n" + command.details))
            }
            if !node.visibleSubcommands.isEmpty {
                lines.append("Commands: " + escaped(node.visibleSubcommands.map(\.name).joined(separator: ", ")) + ".")
            }
            for option in command.visibleOptions {
                lines += [".TP", ".B " + escaped(option.synopsis.trimmingSpaces()), escaped(option.help)]
            }
        }
        lines += [
            ".SH FILES",
            "The Drover directory: \\fB$DROVER_HOME\\fR, else \\fB$XDG_CONFIG_HOME/drover\\fR, else",
            "\\fB~/.config/drover\\fR: hosts.json (the registry), known_hosts (pinned host keys), the device key.",
            ".SH SEE ALSO",
            "ssh(1), herdr(1); the README and docs/reference.md in Drover's source.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text as roff: backslashes doubled, dashes as minus signs (options copy and paste), and
    /// a line that would start with a control character guarded.
    static func escaped(_ text: String) -> String {
        var out = text.replacingLiterally("\\", with: "\\e").replacingLiterally("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// Blank-line separated paragraphs, each a `.PP` with its lines joined (help wraps by hand).
    private static func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").flatMap { paragraph -> [String] in
            let lines = paragraph.split(separator: "\n").map { escaped($0.trimmingSpaces()) }
            return lines.isEmpty ? [] : [".PP"] + lines
        }
    }
}
