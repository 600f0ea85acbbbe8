// libFuzzer target for known_hosts lines. Built by `scripts/fuzz knownhosts` against the LibC,
// Files and Identity modules (compiled with -enable-testing, hence @testable).
//
// Input: a known_hosts text; its first line doubles as the host token looked up. Properties
// checked: reading never crashes and keeps every line verbatim; a line Drover writes for an
// entry it read reads back as the same entry; matching a token against every entry (hashed
// names by HMAC, patterns with `*`, `?` and `!`) ends; a token that parses as host and port
// (and no brackets of its own) formats back to a token that parses the same. Lookups find what
// a line names: every plain name of a line (no `!`, `*` or `?`, written as the token OpenSSH
// looks up: `host`, or `[host]:port` for another port) selects its line unless a `!` pattern of
// the line excludes it; and the same name hashed as `ssh-keygen -H` does (salt from the line)
// selects the hashed line built from it, which does not select the name with a byte more.
import Foundation
@testable import Identity

@_cdecl("LLVMFuzzerTestOneInput")
public func knownHostsFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let rawLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let token = rawLines.first ?? ""

    for raw in rawLines {
        let line = KnownHostsLine(parsing: raw)
        guard line.raw == raw else { fail("a line was not kept verbatim") }
        guard let entry = line.entry else { continue }
        let written = KnownHostsLine(entry: entry)
        guard KnownHostsLine(parsing: written.raw).entry == entry else {
            fail("the line written for an entry reads back differently: \(written.raw)")
        }
        _ = entry.applies(to: token)
        if let (host, port) = HostName.parse(token: token) {
            _ = entry.applies(to: HostName.token(host: host, port: port))
        }
        _ = line.pin
        if case .patterns(let patterns) = entry.names { checkOwnNames(patterns, entry: entry, raw: raw) }
    }

    // A host that itself holds brackets (`[[a]:22`) has no token form; OpenSSH never writes one.
    if let (host, port) = HostName.parse(token: token), !host.contains("["), !host.contains("]") {
        let again = HostName.token(host: host, port: port)
        guard let reread = HostName.parse(token: again), reread.host == host,
              reread.port == port else {
            fail("the token \(again) does not read back as \(host) port \(port)")
        }
    }
    _ = try? SSHPublicKey(line: text)
    return 0
}

/// The plain names of a line select it (see the file comment), in plain and in hashed form.
private func checkOwnNames(_ patterns: [String], entry: KnownHostsLine.Entry, raw: String) {
    for name in patterns where !name.hasPrefix("!") && !name.contains("*") && !name.contains("?") {
        // A name OpenSSH never looks up (`[h]:22`, `[h]:080`) selects nothing, there as here.
        guard let (host, port) = HostName.parse(token: name), HostName.token(host: host, port: port) == name.lowercased() else {
            continue
        }
        let token = name.lowercased()
        let excluded = patterns.contains { $0.hasPrefix("!") && HostName.glob(String($0.dropFirst()), matches: token) }
        guard entry.applies(to: token) == !excluded else {
            fail("the line \(raw) \(excluded ? "selects" : "does not select") its own name \(token)")
        }
        guard let hashedName = hashed(token, salt: raw) else { fail("HMAC-SHA1 failed") }
        let hashedLine = KnownHostsLine(parsing: hashedName + " " + entry.key.line)
        guard let hashedEntry = hashedLine.entry, case .hashed = hashedEntry.names else {
            fail("the hashed line \(hashedLine.raw) does not read as a hashed entry")
        }
        guard hashedEntry.applies(to: token), !hashedEntry.applies(to: token + "x") else {
            fail("the hashed line for \(token) does not select exactly that name")
        }
    }
}

/// `|1|salt|hash` for `token`, as `ssh-keygen -H` writes it, with a salt made from `salt`.
private func hashed(_ token: String, salt: String) -> String? {
    guard let salt = HashedHostName.hmacSHA1(key: Data(salt.utf8), data: Data("salt".utf8)),
          let hash = HashedHostName.hmacSHA1(key: salt, data: Data(token.utf8)) else { return nil }
    return "|1|\(salt.base64EncodedString())|\(hash.base64EncodedString())"
}

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("knownhosts fuzz: \(message)\n".utf8))
    abort()
}
