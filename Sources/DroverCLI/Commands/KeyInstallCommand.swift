import TextSafety
import Hosts
import Identity
import Sessions
import SSH

/// `drover key install HOST`: Drover's ssh-copy-id. Logs in once with what works today (keys,
/// the agent, identity files, then a typed password), appends this device's public key to the
/// account's ~/.ssh/authorized_keys (never twice), then proves it by logging in again with the
/// device key alone. A Windows host gets a PowerShell script instead (`KeyInstallWindowsScript`).
enum KeyInstallCommand {
    static let command = Command(
        "install", summary: "put this device's key on a host you can already log in to (as ssh-copy-id)",
        usage: "key install HOST [--yes] [--timeout SECONDS] [-J HOST[,HOST...]] [-i FILE]... [-p PORT] [-l USER] [--auth LIST]",
        details: """
            HOST is what 'drover attach' takes: a registry name, a Host of ~/.ssh/config or
            user@host[:port]. Drover logs in the way attach does (the device key, the ssh-agent,
            identity files), then with a password it asks for, never shown or kept. On the host it
            creates ~/.ssh (mode 0700) and ~/.ssh/authorized_keys (0600) when missing and appends
            the device key's line unless the key is there already. Then it logs in again with the
            device key alone, to prove the key works. On a host registered as Windows (its
            platform, set by 'drover hosts add' or 'drover hosts edit') it runs Windows PowerShell: an administrator's key goes to
            %ProgramData%\\ssh\\administrators_authorized_keys (its ACL set to Administrators and
            SYSTEM only, as OpenSSH for Windows requires), anyone else's to
            %USERPROFILE%\\.ssh\\authorized_keys.
            """,
        options: [
            OptionSpec("yes", help: "trust and pin an unknown host key without asking (never a changed one)"),
            OptionSpec("timeout", value: "SECONDS", help: "connect and handshake timeout (default 10)"),
        ] + ConnectionFlags.specs,
        operands: .hosts,
        action: { args, ctx in try run(args, ctx) })

    private static func run(_ args: ParsedArguments, _ ctx: CommandContext) throws -> Int32 {
        let text = try args.positionals(exactly: ["HOST"])[0]
        let target = try CheckedConnection.resolve(text, ctx: ctx, flags: try ConnectionFlags.read(args, ctx: ctx))
        let key = try DeviceKey.loadOrCreate(root: ctx.root)
        let timeout = Double(try args.int("timeout", in: 1...600) ?? target.host?.connectTimeout ?? 10)
        var connection = CheckedConnection(target: target, ctx: ctx, timeout: timeout, readsOpenSSHKnownHosts: true,
                                           assumeYes: args.flag("yes"))
        connection.logins = .keysThenPassword
        var login = ""
        let session: SSHSession
        do {
            session = try connection.open(ctx: ctx) { step in
                if step.name == "login" { login = step.detail }
            }
        } catch let SSHError.authenticationRefused(user, host, offered, tried) {
            throw KeyInstallError(text: refusedAdvice(user: user, host: host, offered: offered, tried: tried, target: target))
        }
        let windows = target.host?.platform == .windows
        let answer = try run(windows ? KeyInstallWindowsScript.command(for: key.publicLine) : script(for: key.publicLine),
                             on: session)
        session.disconnect()
        // The last line is the script's answer (a login banner or a shell's notice may come first).
        let words = (answer.said.split(whereSeparator: \.isNewline).last ?? "").split(separator: " ")
        let file = windows ? KeyInstallWindowsScript.file(for: words.dropFirst().first ?? "") : "~/.ssh/authorized_keys"
        guard answer.status == 0, words.first == "added" || words.first == "present", windows == (words.count == 2) else {
            // A few lines of what the host said, after the advice (PowerShell's CLIXML reduced to its text).
            let said = RemoteErrorText.shown(answer.errors)
            throw KeyInstallError(text: "could not change \(file) on \(target.displayName) (exit status \(answer.status)); "
                                  + advice(windows: windows, target: target),
                                  said: said.isEmpty ? nil : said)
        }
        ctx.print(words.first == "added"
                  ? "Added this device's key to \(file) on \(target.displayName) (logged in with \(login))."
                  : "This device's key was already in \(file) on \(target.displayName); nothing added.")
        connection.logins = .deviceKeyOnly
        let proof = try connection.open(ctx: ctx) { _ in }
        proof.disconnect()
        ctx.print("Logged in to \(target.displayName) with the device key alone: 'drover attach \(target.attachArguments(without: ["--auth"]))' needs no password now.")
        return 0
    }

    /// The login key install needs failed: the key cannot be what is missing (putting it there
    /// is this command's job), so the advice is the password or the account.
    private static func refusedAdvice(user: String, host: String, offered: [String], tried: [String],
                                      target: AttachTarget) -> String {
        let triedText = tried.isEmpty ? "nothing Drover could use" : tried.joined(separator: ", ")
        let way = offered.contains("password") || offered.contains("keyboard-interactive")
            ? "check the password (asked again at each run) and the account '\(user)' (give another as user@host or with -l USER)"
            : "it takes no password, so log in once with a key it already accepts (-i FILE) or as another account (-l USER)"
        return "\(host) refused login as '\(user)' (tried: \(triedText); the server offers: "
            + "\(offered.isEmpty ? "none" : offered.joined(separator: ", "))), so the key could not be put there: "
            + "\(way), then run 'drover key install \(target.connectArguments)' again"
    }

        /// What to check after a failed install. A Windows host the registry calls unix fails at
    /// `/bin/sh`, so that case names the setting that sends it the PowerShell script.
    private static func advice(windows: Bool, target: AttachTarget) -> String {
        if windows {
            return "check that the account may write there (an administrator's key goes to %ProgramData%\\ssh, "
                + "which needs an elevated session) and try again"
        }
        let platform = target.isRegistered && target.host != nil
            ? "'drover hosts edit \(target.host?.name ?? "") --platform windows'"
            : "'drover hosts add NAME \(target.endpoint.description) --platform windows', then 'drover key install NAME'"
        return "check that account's home directory is writable and try again; if it is a Windows host, say so with " + platform
    }

    /// The shell script that adds `line` once: 0700 ~/.ssh, 0600 file, a newline first when the
    /// file's last line has none. It prints `added` or `present`. One line: the account's login
    /// shell passes it to /bin/sh, and csh refuses a newline inside single quotes.
    static func script(for line: String) -> String {
        let words = line.split(separator: " ").prefix(2).joined(separator: " ")
        let body = [
            #"umask 077; d="$HOME/.ssh"; f="$d/authorized_keys""#,
            #"{ mkdir -p "$d" && chmod 700 "$d"; } || exit 3"#,
            #"if [ -f "$f" ] && grep -qF \#(quoted(words)) "$f"; then echo present; exit 0; fi"#,
            #"if [ -s "$f" ] && [ -n "$(tail -c 1 "$f")" ]; then echo >> "$f" || exit 4; fi"#,
            #"printf '%s\n' \#(quoted(line)) >> "$f" && chmod 600 "$f" && echo added"#,
        ].joined(separator: "; ")
        return "/bin/sh -c \(quoted(body))"
    }

    /// `text` as one POSIX shell word in single quotes.
    static func quoted(_ text: String) -> String { "'" + text.replacingLiterally("'", with: "'\\''") + "'" }

    private static func run(_ command: String, on session: SSHSession) throws -> (status: Int32, said: String, errors: String) {
        let channel = try session.exec(command)
        try channel.sendEOF()
        // Bounded in time and size: a login shell whose startup files wait for input, or one
        // that keeps printing, must not hang or grow this command.
        var out: [UInt8] = [], err: [UInt8] = []
        let exit = try channel.readToEnd(timeout: 30) { output in
            out += output.stdout.prefix(max(0, 65_536 - out.count))
            err += output.stderr.prefix(max(0, 65_536 - err.count))
        }
        let trim = { (bytes: [UInt8]) in String(decoding: bytes, as: UTF8.self).trimmingWhitespaceAndNewlines() }
        return (exit.status, trim(out), trim(err))
    }
}

/// The host would not take the key.
struct KeyInstallError: Error, CustomStringConvertible {
    let text: String
    /// The host's own words (its stderr, shortened), shown indented below.
    var said: String?
    var description: String {
        text + "." + (said.map { "\nThe host said:\n" + $0.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") } ?? "")
    }
}
