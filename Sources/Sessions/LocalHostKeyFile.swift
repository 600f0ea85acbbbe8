import Foundation
import Identity

/// A host key file the registry names (`hostKeyFile`), read on this computer when the host is
/// this computer: a loopback address reached directly (no jump host, no ProxyCommand, which
/// would make "127.0.0.1" another machine's). Its fingerprint then stands in the trust question
/// beside the presented one (the demo host's case), so a person compares two lines on one screen.
enum LocalHostKeyFile {
    /// Whether `host`, connected to directly, is this computer.
    static func isThisComputer(_ host: String) -> Bool {
        host == "localhost" || host == "::1"
            || (host.hasPrefix("127.") && host.split(separator: ".").count == 4 && host.allSatisfy { $0.isNumber || $0 == "." })
    }

    /// The key on the first line of `path` (an OpenSSH .pub file); nil when it cannot be read
    /// here or holds no key.
    static func key(in path: String) -> SSHPublicKey? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // A .pub file is one line; a few KiB is plenty and bounds what is read.
        guard let data = try? handle.read(upToCount: 16 * 1024), let text = String(data: data, encoding: .utf8),
              let line = text.split(whereSeparator: \.isNewline).first,
              let key = try? SSHPublicKey(line: String(line)) else { return nil }
        return key
    }
}
