import Files
import Pairing

/// The command lines `pair` and `pair-host` suggest for trying again: the options the person
/// gave, in a fixed order, each value one shell word, so following the advice repeats what
/// worked and changes only what the message names. Never a secret: a link given on the
/// command line becomes `-` (paste it), and the test switches are left out.
enum PairRetryCommand {
    /// `drover pair` as it was run, with `--not-for-herdr-app` (the code needs it) and the
    /// link's source: `--scan PICTURE` when it was scanned, else `-`.
    static func pairBeyondTailnet(_ args: ParsedArguments) -> String {
        var words = ["drover", "pair", "--\(PairHostAddresses.beyondTailnetOption)"]
        for flag in ["any-network", "yes", "no-attach"] where args.flag(flag) { words.append("--\(flag)") }
        if let name = args.value("name") { words += ["--name", FileSafety.shellQuoted(name)] }
        if let picture = args.value("scan") {
            words += ["--scan", FileSafety.shellQuoted(picture)]
        } else {
            words.append("-")
        }
        return words.joined(separator: " ")
    }

    /// `drover pair-host` as it was run; `hosts` are the `--host` values as the code spells
    /// them (already checked, so plain words), nil when none were given.
    static func pairHost(_ args: ParsedArguments, hosts: [String]?) -> String {
        var words = ["drover", "pair-host"]
        if let session = args.value("session") { words += ["--session", FileSafety.shellQuoted(session)] }
        for host in hosts ?? [] { words += ["--host", FileSafety.shellQuoted(host)] }
        if let port = args.value("port") { words += ["--port", FileSafety.shellQuoted(port)] }
        for flag in ["link", PairHostAddresses.beyondTailnetOption] where args.flag(flag) { words.append("--\(flag)") }
        return words.joined(separator: " ")
    }
}
