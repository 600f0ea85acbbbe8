import Identity
import QR

/// `drover key [--qr]`: this device's public key line and fingerprint, created on first use.
enum KeyCommand {
    static let command = Command(
        "key", summary: "show this device's public key and its fingerprint",
        usage: "key [--qr] | key install HOST",
        details: """
            Prints the device's public key line (for a host's ~/.ssh/authorized_keys) and its \
            SHA256 fingerprint, as 'ssh-keygen -lf' shows it. The key is created on first use \
            as device_ed25519 (mode 0600) and device_ed25519.pub in the Drover directory \
            ($DROVER_HOME, else $XDG_CONFIG_HOME/drover, else ~/.config/drover). Drover never \
            overwrites an existing key file.
            """,
        options: [OptionSpec("qr", short: "q", help: "also print the public key line as a QR code")],
        subcommands: [KeyInstallCommand.command],
        action: { args, ctx in
            _ = try args.positionals(exactly: [])
            let key = try DeviceKey.loadOrCreate(root: ctx.root)
            if key.wasCreated {
                ctx.printError("Created a new device key: \(key.privateKeyPath)")
            }
            ctx.print(key.publicLine)
            ctx.print(key.fingerprint)
            if args.flag("qr") {
                let code = try QRCode(key.publicLine)
                // One blank line above the code, and the shell prompt's line below it.
                if let terminal = ctx.terminalSize, let need = QRDisplay.shortfall(code, extraRows: 4, terminal: terminal) {
                    ctx.printError("The QR code needs a terminal of at least \(QRDisplay.sizes(need: need, have: terminal)); "
                                   + "enlarge the window or reduce the font size and run 'drover key --qr' again, "
                                   + "or copy the key line above instead.")
                    return 1
                }
                ctx.print("")
                ctx.write(code.rendered())
            }
            return 0
        })
}
