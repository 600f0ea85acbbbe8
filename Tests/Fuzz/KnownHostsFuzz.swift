// libFuzzer target for known_hosts lines. Built by `scripts/fuzz knownhosts` against the LibC,
// Files and Identity modules (compiled with -enable-testing, hence @testable).
//
// Input: a known_hosts text; its first line doubles as the host token looked up. Properties
// checked: reading never crashes and keeps every line verbatim; a line Drover writes for an
// entry it read reads back as the same entry; matching a token against every entry (hashed
// names by HMAC, patterns with `*`, `?` and `!`) ends; a token that parses as host and port
// (and no brackets of its own) formats back to a token that parses the same.
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

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("knownhosts fuzz: \(message)\n".utf8))
    abort()
}
