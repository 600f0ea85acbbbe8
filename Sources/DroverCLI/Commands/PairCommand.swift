#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety
import Hosts
import Identity
import Pairing
import Sessions

/// `drover pair -` / `drover pair --scan PICTURE` / `drover pair LINK`: enroll this device with a
/// computer showing a pairing code.
enum PairCommand {
    static let command = Command(
        "pair", summary: "pair this device with a computer showing a pairing code",
        usage: "pair - | pair --scan PICTURE | pair LINK  [--yes] [--any-network] [--not-for-herdr-app] [--no-attach] [--name NAME]",
        details: """
            Reads the herdr://pair?... link of the code shown by 'drover pair-host' (or herdr's pairing \
            helper): with '-' from standard input (paste it; it is read with echo off and stays out of \
            the shell history), or with --scan from a screenshot or photo of the QR code (PNG, or Netpbm \
            PBM/PGM/PPM). A LINK on the command line works too, but other users can see it (ps) and it \
            stays in the shell history while it carries the one-time key, so Drover warns about it. \
            Drover shows what the code says and asks before connecting. It tries the code's addresses in \
            order and connects only to the tailnet or loopback; --not-for-herdr-app reads a code whose \
            addresses are outside the tailnet and also connects to private LAN addresses; --any-network \
            connects to any address (a code naming addresses outside the tailnet still needs \
            --not-for-herdr-app to be read). An address of the code outside these is not contacted. It \
            accepts only the host keys named in the code, sends this device's public key and name, and \
            waits for the person at the computer to approve. Then it pins the host key, saves the host \
            and attaches.
            """,
        options: [
            OptionSpec("scan", value: "PICTURE", help: "read the code from a PNG or PBM/PGM/PPM picture of it"),
            OptionSpec("yes", short: "y", help: "do not ask before connecting (for scripts)"),
            OptionSpec("any-network", help: "connect to any address of the code, not only the tailnet, loopback (and "
                           + "private LANs); it does not replace --not-for-herdr-app for reading a LAN code"),
            OptionSpec(PairHostAddresses.beyondTailnetOption,
                       help: "accept a code made with 'pair-host --not-for-herdr-app', whose addresses are outside the "
                           + "tailnet (the herdr app will not accept such a code), and connect to private LAN addresses"),
            OptionSpec("no-attach", help: "stop after pairing instead of attaching"),
            OptionSpec("name", value: "NAME", help: "the name this device shows on the computer (default: its host name)"),
        ],
        action: { args, ctx in
            let beyondTailnet = args.flag(PairHostAddresses.beyondTailnetOption)
            let text = try linkText(args, ctx).trimmingWhitespaceAndNewlines()
            let link: PairingLink
            do {
                link = try PairingLink.parse(text, now: Date(), hosts: beyondTailnet ? .beyondTailnet : .herdrApp)
            } catch PairingLinkError.hostBeyondTailnet(let problem, _) {
                throw PairingLinkError.hostBeyondTailnet(problem, retry: PairRetryCommand.pairBeyondTailnet(args))
            }

            let key = try DeviceKey.loadOrCreate(root: ctx.root)
            let name = args.value("name") ?? String(DeviceKey.defaultDeviceName().prefix(64))
            let device = PairingClient.Device(publicKeyBlob: key.keyPair.publicKeyBlob, name: name)
            ctx.print(PairReview.text(link: link, device: device, now: Date()))
            if !args.flag("yes") {
                let answer = try ctx.ask("Connect and send this device's key? [y/N] ")
                guard answer?.trimmingSpaces().lowercased() == "y" else {
                    ctx.printError("Not paired; nothing was sent. Run the command again and answer 'y' (or pass --yes).")
                    return 1
                }
            }
            let anyNetwork = args.flag("any-network")
            if anyNetwork {
                ctx.printError("warning: --any-network lets the code's one-time key travel outside your tailnet; "
                               + "use it only on a network you trust.")
            }
            let reach: PeerAddressPolicy.Reach = anyNetwork ? .anyNetwork : PairHostAddresses.reach(beyondTailnet: beyondTailnet)
            let client = PairingClient(link: link, device: device, reach: reach,
                                       knownHosts: KnownHosts(root: ctx.root), hostStore: HostStore(root: ctx.root),
                                       report: { ctx.print($0) })
            let paired = try client.enroll()
            ctx.print("Paired with \(link.shownComputerName): \(paired.updatedExisting ? "updated" : "saved") host "
                      + "'\(paired.host.name)' (\(paired.host.account)).")
            if args.flag("no-attach") { return 0 }
            return AttachCommand.attach([AttachTarget(host: paired.host)], timeout: 10, ctx: ctx)
        })
}

extension PairCommand {
    /// The link as given: on the command line, pasted on standard input, or held by the QR
    /// code in a picture. Never printed: it carries the one-time key.
    static func linkText(_ args: ParsedArguments, _ ctx: CommandContext) throws -> String {
        if let picture = args.value("scan") {
            guard args.positionals.isEmpty else {
                throw UsageError("give either a link or --scan PICTURE, not both")
            }
            return try PairingPicture.link(fromFile: picture)
        }
        let source = try args.positionals(exactly: ["LINK (or - to read it from standard input, or --scan PICTURE)"])[0]
        guard source == "-" else {
            ctx.printError("warning: a link on the command line can be seen by other users (ps) and stays in the shell "
                           + "history, and it carries the one-time key until it expires; next time run 'drover pair -' "
                           + "and paste the link")
            return source
        }
        return try ctx.readSecretLine(prompt: ctx.isInteractive ? "Paste the pairing link (it is not shown): " : "") ?? ""
    }
}

/// The review shown before connecting: what the code says and who this device is.
enum PairReview {
    static func text(link: PairingLink, device: PairingClient.Device, now: Date) -> String {
        var lines = ["Pairing code for:",
                     "  computer   \(link.shownComputerName)",
                     "  account    \(link.user)",
                     "  platform   \(link.platform.rawValue)",
                     "  session    \(link.session ?? "(herdr's default)")"]
        for (index, address) in link.addresses.enumerated() {
            lines.append((index == 0 ? "  addresses  " : "             ") + "\(index + 1). \(address) port \(link.port)")
        }
        for (index, fingerprint) in link.hostKeyFingerprints.enumerated() {
            lines.append((index == 0 ? "  host keys  " : "             ") + fingerprint)
        }
        lines += ["This device:",
                  "  name       \(device.name)",
                  "  key        \(device.fingerprint)",
                  "The code expires in \(PairingLinkError.span(max(0, link.secondsLeft(now: now))))."]
        return lines.joined(separator: "\n")
    }
}
