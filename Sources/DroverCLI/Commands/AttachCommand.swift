import Console
import Hosts
import Sessions
import SSH
import TextSafety

/// `drover attach HOST...`: the hosts' herdr sessions in this terminal, one in front at a time.
enum AttachCommand {
    static let command = Command(
        "attach", summary: "attach this terminal to the herdr sessions of one or more hosts",
        usage: "attach HOST... [--session S] [--forward [BIND:]LPORT:HOST:RPORT]... [--forward-public]"
            + " [-R [BIND:]RPORT:HOST:LPORT]... [--timeout SECONDS] [--keepalive SECONDS]"
            + " [--identities-only] [--no-ssh-known-hosts] [--clipboard write|off] [--notify on|off] [--record FILE.cast] [--copy-command CMD]"
            + " [--predict auto|always|never] [--paste-images on|off] [--legacy-algorithms NAME[,NAME...]]"
            + " [--forward-agent | --no-forward-agent] [--prefix KEY] [-J HOST[,HOST...]] [-i FILE]... [-p PORT] [-l USER] [--auth LIST]",
        details: """
            HOST is a registry name or alias (see 'drover hosts'), a Host of ~/.ssh/config, or
            user@host[:port] (IPv6: user@[::1]:22). A name the registry does not know is resolved
            as 'ssh HOST' would: with 'ssh -G -F ~/.ssh/config HOST' when OpenSSH is installed,
            else with Drover's own reader; its HostName, User, Port, IdentityFile, IdentitiesOnly,
            ProxyJump (and ProxyCommand ssh -W %h:%p HOP), LocalForward, ConnectTimeout,
            ServerAliveInterval, ForwardAgent and RemoteCommand apply ('drover doctor HOST' lists
            the settings Drover does not use). A name nothing maps elsewhere is an address, as for
            ssh, once it resolves. -J, -i, -p, -l, -L and -A change this run only, as in
            ssh; --auth LIST (device-key, agent, password) the methods tried, this run only.
            Drover runs the host's attach command in a PTY and draws the session here.
            --session S attaches herdr session S of a single HOST this once; the registry entry
            is not changed (give it a session for good with 'drover hosts edit NAME --session S').
            The first contact with a host shows its key fingerprint; only the typed word yes (or that
            fingerprint) trusts it, no stops, and anything else asks again. A key that
            ~/.ssh/known_hosts already holds for the host and port is pinned without asking (a
            different key there stops); --no-ssh-known-hosts asks instead.
            Keys offered: the one that last logged in to the host first; then the host's --identity
            files (through the ssh-agent when it holds them), this device's key, the ssh-agent's
            other keys, and ~/.ssh/id_ed25519, id_ecdsa and id_rsa when the host names no file (a
            passphrase is asked in an overlay and kept in memory for this run only; a -cert.pub
            beside a file is offered before it); then a password. --identities-only offers only the
            identity files, for a server that allows few tries (its MaxAuthTries).
            \(HostsFieldOptions.legacyAlgorithmsNote)
            Given to attach, --legacy-algorithms applies to each HOST this time, beside the host's
            own (jump hosts keep their own: 'drover hosts edit HOP --legacy-algorithms ...').
            With several hosts, all connect at start and the first is in front; the others keep
            their screens up to date, so switching is instant. A new host key is asked about when
            that host comes to the front.

            Keys inside a session, after the prefix key (ctrl+] unless --prefix KEY, the prefix of the
            first HOST that has one ('drover hosts edit NAME --prefix ctrl+a') or DROVER_PREFIX=KEY says;
            KEY is ctrl+LETTER or one of ctrl+] ctrl+\\ ctrl+^ ctrl+_ ctrl+@; ctrl+i, ctrl+h and
            ctrl+m are Tab, Backspace and Enter):
            \(AttachController.keyHelpLines.map { "  " + $0 }.joined(separator: "\n"))
            Shift+Enter and other modified keys reach a program that asked for them (the kitty
            keyboard protocol or modifyOtherKeys, as coding agents do) when this terminal can say
            them: Drover asks it and turns the same mode on here while that host is in front. A
            terminal that cannot is told so once (per kind of terminal: TERM_PROGRAM, TERM,
            VTE_VERSION, KONSOLE_VERSION, WT_SESSION; remembered in keyboard-notes in Drover's
            directory); the prefix key then Enter sends Shift+Enter.
            In history mode (ctrl+] [ or ctrl+] PageUp) the screen stands still while the host keeps
            running; move through its scrollback and, for full-screen programs such as herdr, a
            rewind of its past screens (up to 4 a second, 16 MiB for all hosts; DROVER_HISTORY_BUDGET
            sets the bytes). Keys there:
            \(AttachController.historyHelpLines.map { "  " + $0 }.joined(separator: "\n"))
            y copies with OSC 52 to this terminal (tmux needs 'set -g set-clipboard on'), or with
            --copy-command CMD through CMD (wl-copy, xclip -selection clipboard, pbcopy).
            herdr's own detach (ctrl+b q) ends that host's connection (herdr keeps running; its last
            screen stays listed); Drover ends when the last one ends.
            If a link drops, Drover keeps the screen and says so; the host in front reconnects by
            itself (waiting up to 30 s between tries, for as long as you stay attached; any key
            tries at once), a hidden host reconnects when you switch to it. Keys typed meanwhile
            (up to 4 KiB) are sent once the session is back; a password given in this run is
            reused. A changed host key, a refused login or a missing herdr stop with the reason.
            A host with jump hosts ('drover hosts edit NAME --jump bastion') is reached through
            each in turn; every hop's key is pinned and checked like any host's.
            --forward LPORT:HOST:RPORT listens on 127.0.0.1:LPORT while Drover runs and carries
            each connection there to HOST:RPORT as the host sees it, through reconnects (a host's
            own forwards: 'drover hosts edit NAME --forward ...'). --forward-agent forwards your
            ssh-agent to every HOST this time, through reconnects (for good: 'drover hosts edit NAME
            --forward-agent'); --no-forward-agent turns a host's setting off this time.
            \(HostsFieldOptions.agentForwardingNote)

            Clipboard, bells and recording:
            A program on the host in front may set your clipboard with OSC 52 (herdr's, vim's or tmux's
            copy): Drover checks it (base64, text, at most 1 MiB) and writes it to this terminal afresh.
            A hidden host's copy applies when it comes to the front. --clipboard off drops them (for
            good: 'drover hosts edit NAME --clipboard off'). A host can never read your clipboard.
            --copy-command CMD copies through CMD instead (run by /bin/sh with the text on stdin,
            e.g. 'wl-copy', 'xclip -selection clipboard', 'pbcopy'), for terminals without OSC 52.
            A bell from the host in front rings here (at most twice a second). A bell or notification
            (OSC 9, OSC 99, OSC 777) from a hidden host marks it in the status line and the host list
            ("pi: bell 2 min ago") until you switch to it. A notification from a herdr host (an agent
            done or waiting) also reaches this terminal as its own desktop notification, naming the
            host: OSC 9 in iTerm2, OSC 99 in kitty, OSC 777 in Ghostty, WezTerm and foot; elsewhere
            (plain xterm) the bell rings and the text stays in the status line. Drover runs herdr with
            TERM_PROGRAM set so that herdr sends them. --notify off silences them; --notify on also
            notifies for --command hosts and for a hidden host's bell. A task's progress (OSC 9;4)
            shows in the status line and the host list.
            --record FILE.cast writes what the first HOST sends as an asciicast v2 file (0600, a new
            file only): 'drover replay FILE.cast --play' plays it back in this terminal (so does
            'asciinema play'); 'drover replay FILE.cast' prints its final screen.
            On a slow link Drover draws the keys you type at a prompt before the host echoes them
            (--predict, default auto: on when the measured round trip is over 30 ms, off again
            under 20 ms). Guesses are underlined until the host confirms them and removed if it
            draws something else or nothing in time; the first key after a prompt, keys at a
            prompt that does not echo (a password) and control keys are never guessed. While
            guesses are on, the status line shows the round trip ("RTT 210 ms").

            Pictures: pasting the path of a local PNG, JPEG, GIF or WebP file (what a terminal pastes
            when you drop a file on it), or ctrl+] v for the clipboard's picture, uploads it over SFTP
            to ~/.cache/drover-paste/ on the host in front and pastes that path instead. Other pastes
            go through as typed. --paste-images off (for good: 'drover hosts edit NAME --paste-images
            off') pastes paths as typed.
            """,
        options: [
            OptionSpec("session", short: "s", value: "SESSION",
                       help: "attach this herdr session of the one HOST, this time only"),
            OptionSpec("timeout", value: "SECONDS",
                       help: "wait at most SECONDS (1-600) for a host to connect and greet (default 10)"),
            OptionSpec("forward", short: "L", value: "[BIND:]LPORT:HOST:RPORT", repeatable: true,
                       help: "for the one HOST, carry connections to local port LPORT to HOST:RPORT on its side"),
            OptionSpec("forward-public", help: "allow --forward to listen on an address other computers can reach"),
            OptionSpec("remote-forward", short: "R", value: "[BIND:]RPORT:HOST:LPORT", repeatable: true,
                       help: "for the one HOST, have it listen on port RPORT and carry each connection to HOST:LPORT here (as ssh -R)"),
            OptionSpec("keepalive", value: "SECONDS",
                       help: "probe each link every SECONDS (1-600); 3 unanswered probes mean it is dead (default 15)"),
            OptionSpec("clipboard", value: "write|off",
                       help: "let the hosts' programs set your clipboard (OSC 52), or not (default: each host's setting, write)"),
            OptionSpec("copy-command", value: "CMD",
                       help: "copy to your clipboard by running CMD with the text on stdin, instead of OSC 52"),
            OptionSpec("notify", value: "on|off",
                       help: "desktop notifications for the hosts' alerts: on also for --command hosts and hidden bells, off for none (default: herdr hosts)"),
            OptionSpec("record", value: "FILE.cast",
                       help: "record what the first HOST sends to a new asciicast v2 file"),
            OptionSpec("identities-only",
                       help: "offer only the hosts' identity files this time (no device key, no other agent key)"),
            OptionSpec("no-ssh-known-hosts",
                       help: "do not take a new host key from ~/.ssh/known_hosts (ask instead), this time"),
            OptionSpec("predict", value: "auto|always|never",
                       help: "draw typed keys before the host echoes them, for every HOST this time (default: the host's setting, auto)"),
            OptionSpec("paste-images", value: "on|off",
                       help: "upload pasted picture files to the host and paste their remote paths (default: each host's setting, on)"),
            HostsFieldOptions.legacyAlgorithmsSpec(help: "also allow these weak algorithms for each HOST this time"),
            OptionSpec("forward-agent", short: "A",
                       help: "forward your ssh-agent to every HOST this time, as ssh -A (any process there can use your keys meanwhile)"),
            OptionSpec("no-forward-agent", help: "do not forward your ssh-agent this time, whatever the hosts' setting"),
            OptionSpec("prefix", value: "KEY",
                       help: "use KEY as Drover's prefix key this time, e.g. ctrl+a (default: the host's, DROVER_PREFIX, ctrl+])"),
        ] + ConnectionFlags.specs,
        operands: .hosts,
        action: { args, ctx in
            let names = args.positionals
            guard !names.isEmpty else { throw UsageError("missing HOST") }
            if let repeated = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw UsageError("host '\(repeated)' is named twice; name each host once")
            }
            let predict = try args.value("predict").map(HostsFieldOptions.predictSetting)
            let store = HostStore(root: ctx.root)
            let list = try store.load()
            if let invalid = names.lazy.compactMap({ list.invalidNamed($0) }).first {
                throw HostStoreError.invalidEntry(invalid)
            }
            var resolver = TargetResolver(list: list, lookup: SSHConfigLookup(environment: ctx.environment),
                                          flags: try ConnectionFlags.read(args, ctx: ctx))
            var targets = try names.map { try resolver.resolve($0) }
            for note in resolver.notes { ctx.printError(note) }
            // A host's ConnectTimeout and ServerAliveInterval apply when the flags do not say.
            let timeout = try args.int("timeout", in: 1...600) ?? targets.compactMap { $0.host?.connectTimeout }.max() ?? 10
            let keepalive = try args.int("keepalive", in: 1...600) ?? targets.compactMap { $0.host?.keepalive }.min() ?? 15
            if args.flag("identities-only") { for index in targets.indices { targets[index].identitiesOnly = true } }
            if let session = args.value("session") {
                guard targets.count == 1 else {
                    throw UsageError("--session applies to one HOST at a time; to attach several sessions together, "
                                     + "register each as a host ('drover hosts add NAME USER@HOST --session S')")
                }
                targets = [try targets[0].attaching(session: session)]
            }
            if let names = try HostsFieldOptions.legacyAlgorithms(args) {
                targets = targets.map { $0.allowing(legacyAlgorithms: names) }
            }
            if args.flag("forward-public") && args.values("forward").isEmpty {
                throw UsageError("--forward-public goes with --forward [BIND:]LPORT:HOST:RPORT; for a host's own forwards "
                                 + "use 'drover hosts edit NAME --forward-public'")
            }
            let forwards = try HostsFieldOptions.forwards(args.values("forward"), allowPublic: args.flag("forward-public"))
            if !forwards.isEmpty {
                guard targets.count == 1 else {
                    throw UsageError("--forward applies to one HOST at a time; give a host its own forwards with "
                                     + "'drover hosts edit NAME --forward LPORT:HOST:RPORT'")
                }
                targets[0].forwards = try ForwardSpec.parseAll((targets[0].forwards + forwards).map(\.description),
                                                               allowPublic: true)
                // Reattach hints repeat the forwards as given, so they open again.
                targets[0].oneOffArguments += args.values("forward").flatMap { ["-L", $0] }
                    + (args.flag("forward-public") ? ["--forward-public"] : [])
            }
            let remoteForwards = try HostsFieldOptions.remoteForwards(args.values("remote-forward"))
            if !remoteForwards.isEmpty {
                guard targets.count == 1 else {
                    throw UsageError("--remote-forward applies to one HOST at a time; give a host its own remote forwards with "
                                     + "'drover hosts edit NAME --remote-forward RPORT:HOST:LPORT'")
                }
                targets[0].remoteForwards = try HostsFieldOptions.remoteForwards((targets[0].remoteForwards + remoteForwards).map(\.description))
                targets[0].oneOffArguments += args.values("remote-forward").flatMap { ["-R", $0] }
            }
            try chooseAgentForwarding(args, for: &targets, ctx: ctx)
            let prefix = try PrefixChoice.choose(option: args.value("prefix"), targets: targets, environment: ctx.environment)
            let history: HistorySettings
            do { history = HistorySettings(budget: try HistorySettings.budget(from: ctx.environment)) } catch {
                throw UsageError("\(error)")
            }
            var signals = AttachAlertOptions(notify: NotifyChoice(forced: try notifySetting(args.value("notify"))))
            if let command = args.value("copy-command") {
                guard !command.trimmingSpaces().isEmpty else {
                    throw UsageError("--copy-command needs a command, e.g. --copy-command wl-copy")
                }
                signals.copyCommand = command
            }
            if let raw = args.value("clipboard") {
                do { signals.clipboard = try ClipboardPolicy.parse(raw) } catch { throw UsageError("\(error)") }
            }
            if let raw = args.value("paste-images") {
                do { signals.pasteImages = try PasteImagesSetting.parse(raw) } catch { throw UsageError("\(error)") }
            }
            if let path = args.value("record") {
                guard !path.isEmpty else { throw UsageError("--record needs a file name, e.g. --record session.cast") }
                signals.recorder = try CastRecorder(creating: path)
            }
            return attach(targets, timeout: timeout, keepalive: keepalive,
                          readsOpenSSHKnownHosts: !args.flag("no-ssh-known-hosts"), signals: signals, predict: predict,
                          history: history, prefix: prefix, ctx: ctx)
        })

    /// `--notify on|off` (nil: not given).
    private static func notifySetting(_ raw: String?) throws -> Bool? {
        switch raw {
        case nil: return nil
        case "on": return true
        case "off": return false
        default: throw UsageError("--notify takes on or off (e.g. --notify off), not '\(SafeText.escaped(raw ?? ""))'")
        }
    }

    /// `--forward-agent`/`--no-forward-agent` for every target; a note when the agent asked for
    /// is not there (attach goes on without it).
    private static func chooseAgentForwarding(_ args: ParsedArguments, for targets: inout [AttachTarget],
                                              ctx: CommandContext) throws {
        if args.flag("forward-agent") && args.flag("no-forward-agent") {
            throw UsageError("give --forward-agent or --no-forward-agent, not both")
        }
        if args.flag("forward-agent") || args.flag("no-forward-agent") {
            for index in targets.indices {
                targets[index].forwardAgent = args.flag("forward-agent")
                targets[index].oneOffArguments.append(args.flag("forward-agent") ? "-A" : "--no-forward-agent")
            }
        }
        let forwarding = targets.filter(\.forwardAgent).map(\.displayName)
        if !forwarding.isEmpty, RemoteConnection.agentSocket(in: ctx.environment) == nil {
            ctx.printError("drover: no ssh-agent to forward to \(forwarding.joined(separator: ", ")): SSH_AUTH_SOCK is not set "
                           + "here; attaching without agent forwarding (start one with 'eval \"$(ssh-agent)\"' and 'ssh-add').")
        }
    }

    /// Attaches to `targets` until detach or end; prints the outcome after the terminal is back.
    static func attach(_ targets: [AttachTarget], timeout: Int, keepalive: Int = 15, readsOpenSSHKnownHosts: Bool = true,
                       signals: AttachAlertOptions = AttachAlertOptions(),
                       predict: PredictionMode? = nil, history: HistorySettings = HistorySettings(),
                       prefix: PrefixKey = .standard, ctx: CommandContext) -> Int32 {
        // The prefix is the process's for this run (every help text and status line names it),
        // and back to the standard one after, for whatever runs next in this process.
        PrefixKey.use(prefix)
        defer { PrefixKey.use(.standard) }
        // handshakeTimeout bounds TCP and the SSH greeting together: SECONDS is the whole wait.
        var options = SSHOptions(connectTimeout: Double(timeout), handshakeTimeout: Double(timeout))
        options.readsOpenSSHKnownHosts = readsOpenSSHKnownHosts
        let controller = AttachController(targets: targets, root: ctx.root, environment: ctx.environment,
                                          options: options)
        controller.keepaliveInterval = keepalive
        controller.signalOptions = signals
        controller.predict = predict
        controller.history = history
        // ctrl+] o: the registry as it is then, ~/.ssh/config and user@host[:port], as on the command line.
        let (root, environment) = (ctx.root, ctx.environment)
        controller.resolveHost = { @Sendable text in
            let list = try HostStore(root: root).load()
            if let invalid = list.invalidNamed(text) { throw HostStoreError.invalidEntry(invalid) }
            var resolver = TargetResolver(list: list, lookup: SSHConfigLookup(environment: environment), flags: nil)
            return try resolver.resolve(text)
        }
        // ctrl+] o then offers the host's herdr sessions, asked as 'drover sessions' asks, quietly.
        controller.listSessions = { @Sendable target in
            try SessionsCommand.listQuietly(target, environment: environment, timeout: timeout,
                                            readsOpenSSHKnownHosts: readsOpenSSHKnownHosts)
        }
        // Said where it stays once the run's screen is gone (the status line says it too).
        for note in targets.compactMap(\.nearMissNote) { ctx.printError("Note: \(note).") }
        let outcome = controller.run()
        if !outcome.message.isEmpty { ctx.printError(outcome.message) }
        return outcome.exitCode
    }
}
