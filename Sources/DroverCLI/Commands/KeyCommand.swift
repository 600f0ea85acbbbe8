#if canImport(Glibc)
import Glibc
#endif
import Identity
import Pairing

/// `drover key [--qr]`: this device's public key line and fingerprint, created on first use.
enum KeyCommand {
    static let command = Command(
        "key", summary: "show this device's public key and its fingerprint",
        usage: "key [--qr]",
        details: """
            Prints the device's public key line (for a host's ~/.ssh/authorized_keys) and its \
            SHA256 fingerprint, as 'ssh-keygen -lf' shows it. The key is created on first use \
            as device_ed25519 (mode 0600) and device_ed25519.pub in the Drover directory \
            ($DROVER_HOME, else $XDG_CONFIG_HOME/drover, else ~/.config/drover). Drover never \
            overwrites an existing key file.
            """,
        options: [OptionSpec("qr", short: "q", help: "also print the public key line as a QR code")],
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
                if let (columns, rows) = terminalSize(), columns < code.textSize.columns || rows < code.textSize.rows {
                    ctx.printError("The QR code needs a terminal of at least \(code.textSize.columns)×\(code.textSize.rows) characters; this one is \(columns)×\(rows). Enlarge it and run 'drover key --qr' again.")
                }
                ctx.print("")
                ctx.write(code.rendered())
            }
            return 0
        })

    /// The size of the terminal on standard output, or nil when it is not a terminal.
    private static func terminalSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return nil
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
