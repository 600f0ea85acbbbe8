import Identity
import SSH

/// `drover version` (also `drover --version`): Drover's version and the SSH and crypto libraries
/// it runs with, since a security update of either is what a bug report needs to know (ADR 0019).
enum VersionCommand {
    static let command = Command(
        "version", summary: "print the version and the libssh2 and OpenSSL in use", usage: "version",
        action: { args, ctx in
            _ = try args.positionals(exactly: [])
            ctx.print("drover \(Drover.version) (libssh2 \(VersionNumber.libssh2), \(CryptoLibrary.versionText))")
            return 0
        })
}
