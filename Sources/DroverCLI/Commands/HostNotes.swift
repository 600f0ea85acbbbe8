#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hosts
import Identity

/// Notes `hosts add` and `hosts edit` print about values they keep but that may be typos: a
/// jump hop that could name a registry host but names none (it will be dialled as a host
/// name), and an identity file that does not exist (login skips it until it does).
enum HostNotes {
    /// One line per doubtful value of the options given in `args`, for `host` as stored in `list`.
    static func lines(for host: HostEntry, in list: HostList, args: ParsedArguments, home: String?) -> [String] {
        var notes: [String] = []
        if args.value("jump") != nil {
            for hop in host.jumpHops where hop.mayBeName && list.named(hop.host) == nil {
                notes.append("note: '\(hop.host)' is not a registered host, so --jump will use it as a host name "
                    + "(add it with 'drover hosts add \(hop.host) USER@HOST' if you meant one).")
            }
        }
        if args.flag("identity") {
            // FILE.pub alone is a key the ssh-agent holds (PrivateKeyFile.load): not a typo.
            for file in host.identity ?? [] where ![file, file + ".pub"].contains(where: {
                FileManager.default.fileExists(atPath: PrivateKeyFile.expand($0, home: home))
            }) {
                notes.append("note: the identity file \(file) does not exist; it is kept, and login skips it until it does.")
            }
        }
        return notes
    }
}
