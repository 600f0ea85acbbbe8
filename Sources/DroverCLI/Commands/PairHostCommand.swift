#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import Pairing
import QR
import TextSafety

/// `drover pair-host`: offer a one-time pairing code on this computer, and (as the forced
/// command of that code) `drover pair-host --enroll=ID --state=DIR`.
enum PairHostCommand {
    static let command = Command(
        "pair-host", summary: "show a one-time pairing code so another device can be authorized",
        usage: "pair-host [--session S] [--host NAME]... [--port P] [--link] [--not-for-herdr-app] | pair-host --clean",
        details: """
            Run this on the computer to be paired. It reads the host key this computer's sshd serves, \
            adds a one-time key to ~/.ssh/authorized_keys that can only run the enrollment (restricted, \
            tailnet and loopback only, expiring after 10 minutes), and shows the pairing code as a QR code. \
            When a device uses the code, it shows the device's name and key fingerprint and asks \
            'Approve this device? [y/N]'; on 'y' the device key is added to authorized_keys. The one-time \
            key is removed however the command ends.

            The code lists the addresses the device should try, in order: the --host values, or, when \
            none are given, this computer's Tailscale names and address. The herdr app accepts only \
            Tailscale's names and addresses (a machine name, a name under .ts.net, 100.64.0.0/10, \
            fd7a:115c:a1e0::/48), so any other --host is refused unless --not-for-herdr-app is given; \
            the one-time key then also works from the private LAN ranges.

            To pair another computer, which cannot scan the screen: take a screenshot or photo of the \
            code and run 'drover pair --scan PICTURE' there, or give --link to also print the \
            herdr://pair?... link under the code and paste it into 'drover pair -' there. The link is a \
            secret until it expires (it carries the one-time key): paste it, never put it on a command line.

            A run that is killed (SIGKILL, a power cut) cannot remove its one-time key line; the next run \
            removes every expired one-time key line and pairing state file first, and --clean does only that.
            """,
        options: [
            OptionSpec("session", value: "S", help: "herdr session the device should attach to"),
            OptionSpec("host", value: "NAME", repeatable: true, help: "name or address the device reaches this computer by (up to 4)"),
            OptionSpec("port", short: "p", value: "P", help: "port sshd listens on (default 22)"),
            OptionSpec("link", help: "also print the pairing link under the code, for 'drover pair -' on another computer"),
            OptionSpec("clean", help: "only remove the expired one-time key lines and pairing state files killed runs left"),
            OptionSpec(PairHostAddresses.beyondTailnetOption,
                       help: "allow --host names and addresses outside the tailnet, for pairing another computer on a LAN "
                           + "(private ranges) with 'drover pair --not-for-herdr-app'; the herdr app will not accept such a code"),
            OptionSpec("enroll", value: "ID", hidden: true, help: "run as the one-time key's forced command"),
            OptionSpec("state", value: "DIR", hidden: true, help: "state directory of the forced command"),
        ] + PairTestSwitches.hostOptions,
        action: { args, ctx in
            if let id = args.value("enroll") { return try enroll(id: id, args: args, ctx: ctx) }
            if args.flag("clean") { return try clean(args: args, ctx: ctx) }
            return try offer(args: args, ctx: ctx)
        })

    /// The forced command: answers with a token as the last word on stdout.
    private static func enroll(id: String, args: ParsedArguments, ctx: CommandContext) throws -> Int32 {
        guard PairingFieldRules.isPairingID(id), let dir = args.value("state"), dir.hasPrefix("/") else {
            ctx.print(EnrollToken.invalid.rawValue)
            return EnrollToken.invalid.exitCode
        }
        let enrollment = Enrollment(state: PairingStateDirectory(path: dir, id: id))
        let token = enrollment.run { deadline in EnrollInput.read(until: deadline) }
        ctx.print(token.rawValue)
        return token.exitCode
    }

    /// `--clean`: what killed runs left in authorized_keys and the state directory.
    private static func clean(args: ParsedArguments, ctx: CommandContext) throws -> Int32 {
        try PairTestSwitches.check(args, ctx, options: PairTestSwitches.hostOptions)
        _ = try args.positionals(exactly: [])
        let offerOptions = ["session", "host", "port", "link", PairHostAddresses.beyondTailnetOption, "state"]
        if let given = offerOptions.first(where: { args.options[$0] != nil }) {
            throw UsageError("--clean only removes what killed runs left and offers no code; leave out --\(given)")
        }
        try ctx.root.ensureExists()
        let state = absolute(args.value("test-state") ?? ctx.root.file("pairing"))
        try PairingStateDirectory(path: state, id: "").ensureExists()   // the lock file lives there
        let keys = AuthorizedKeysFile(path: args.value("test-authorized-keys")
                                          ?? Platform.unix.pairHostAuthorizedKeysPath(home: LocalAccount.home),
                                      lockPath: state + "/.authorized_keys.lock")
        let removed = try PairingLeftovers.clean(authorizedKeys: keys, stateDirectory: state, now: Date())
        ctx.print("Removed \(removed.keyLines) expired one-time key line(s) from authorized_keys and the state files "
                  + "of \(removed.offers) expired pairing offer(s).")
        return 0
    }

    private static func offer(args: ParsedArguments, ctx: CommandContext) throws -> Int32 {
        try PairTestSwitches.check(args, ctx, options: PairTestSwitches.hostOptions)
        _ = try args.positionals(exactly: [])
        if args.value("state") != nil { throw UsageError("--state is only for the forced command (--enroll)") }
        let port = try args.int("port", in: 1...65535) ?? 22
        let ttl = try args.int("test-ttl", in: 1...900).map(TimeInterval.init) ?? PairingOffer.defaultLifetime
        let session = args.value("session")
        if let session, !PairingFieldRules.isSessionName(session) {
            throw UsageError("--session: \(PairingFieldRules.sessionNameRule)")
        }
        let beyondTailnet = args.flag(PairHostAddresses.beyondTailnetOption)
        let hosts = try PairHostAddresses.choose(given: args.values("host"), beyondTailnet: beyondTailnet,
                                                 tailscale: TailscaleAddresses.current)
        guard PairingFieldRules.isUser(LocalAccount.user) else {
            throw PairHostError.system("this account's name is not one a pairing code can carry "
                                       + "(1 to 64 characters without spaces, control or format characters); "
                                       + "run pair-host from an account with such a name")
        }
        guard let drover = LocalAccount.executablePath else {
            throw PairHostError.system("cannot find the absolute path of this drover executable")
        }
        let root = ctx.root
        try root.ensureExists()
        let state = args.value("test-state") ?? root.file("pairing")
        let keysPath = args.value("test-authorized-keys")
            ?? Platform.unix.pairHostAuthorizedKeysPath(home: LocalAccount.home)
        let fingerprints = try ServedHostKeys.fingerprints(port: port, fallbackAddresses: hosts.addresses)
        let configuration = PairHost.Configuration(
            authorizedKeys: AuthorizedKeysFile(path: keysPath, lockPath: absolute(state) + "/.authorized_keys.lock"),
            stateDirectory: absolute(state), droverPath: drover, computerName: LocalAccount.computerName,
            user: LocalAccount.user, addresses: hosts, port: port, session: session,
            hostKeyFingerprints: fingerprints, lifetime: ttl,
            rerunCommand: PairRetryCommand.pairHost(args, hosts: args.values("host").isEmpty ? nil : hosts.addresses))
        let host = PairHost(configuration: configuration, write: { ctx.write(SafeText.escaped($0, keepingLineBreaks: true)) })
        do {
            let outcome = try host.run { offer in
                try show(offer, printLink: args.flag("link"), herdrAppProblem: hosts.herdrAppProblem, ctx: ctx)
            }
            switch outcome {
            case .approved: return 0
            case .denied: return 3
            case .expired: return 4
            }
        } catch let error as PairHostError {
            guard case .interrupted(let signal, _) = error else { throw error }
            ctx.printError("drover: \(error)")
            return 128 + signal
        }
    }

    /// Shows the code, and with --link the link and how to pass it on. A terminal too small
    /// for the code gets the size it needs instead (or, with --link, only the link).
    private static func show(_ offer: PairingOffer, printLink: Bool, herdrAppProblem: String?,
                             ctx: CommandContext) throws {
        let link = offer.link.format()
        let code = try QRCode(link, errorCorrection: .low)
        let linkLines = printLink ? PairHostLinkText.lines(link: link, offer: offer, forHerdrApp: herdrAppProblem == nil) : []
        let terminal = ctx.terminalSize
        // Around the code: its title, the link lines as the terminal wraps them, then the
        // waiting text (a line, the fingerprints, the time left, the prompt).
        let width = max(1, terminal?.columns ?? QRCode.preferredColumns)
        let linkRows = linkLines.reduce(0) { $0 + ($1.count + width - 1) / width }
        let extraRows = 4 + offer.link.hostKeyFingerprints.count + linkRows + (herdrAppProblem == nil ? 0 : 2)
        if let terminal, let need = QRDisplay.shortfall(code, extraRows: extraRows, terminal: terminal) {
            guard printLink else {
                throw PairHostError.terminalTooSmall(needColumns: need.columns, needRows: need.rows,
                                                     haveColumns: terminal.columns, haveRows: terminal.rows)
            }
            if let herdrAppProblem { ctx.print(PairHostLinkText.notForHerdrApp(herdrAppProblem)) }
            ctx.print("This terminal is too small for the QR code; it needs \(QRDisplay.sizes(need: need, have: terminal)). "
                      + (herdrAppProblem == nil ? "To pair a phone, enlarge it and run the command again; to pair a computer, "
                         + "use the link below." : "Use the link below."))
        } else if let herdrAppProblem {
            ctx.print(PairHostLinkText.notForHerdrApp(herdrAppProblem))
            ctx.print("Take a picture of this code for 'drover pair --scan PICTURE --\(PairHostAddresses.beyondTailnetOption)' "
                      + "on the other computer:")
            ctx.write(code.rendered())
        } else {
            ctx.print("Scan this code with the herdr app, or take a picture of it for 'drover pair --scan PICTURE' on a computer:")
            ctx.write(code.rendered())
        }
        for line in linkLines { ctx.print(line) }
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
