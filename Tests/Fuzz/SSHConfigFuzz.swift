// libFuzzer target for `drover hosts import` (ssh_config). Built by `scripts/fuzz sshconfig`
// against the LibC, Files, TextSafety and Hosts modules (-enable-testing, hence @testable).
//
// The config text is the input. Includes resolve in a home directory made once per fuzzer
// process under the temporary directory (and removed when the process exits), whose ~/.ssh
// holds two small configs that include each other (and themselves through `*`), so nesting,
// cycles and globs run. Inputs that mention Include have `/` replaced by `_`, so no Include
// reaches outside that directory.
// Properties checked: parsing never crashes and ends; every entry's alias is one the registry
// accepts; applying the import to an empty list adds only entries that validate. For a simple
// config (one Host line without `!`, no Match, no Include) every name of the Host line is
// imported or skipped with a reason, and an imported one has the HostName, User and Port the
// text gives first (a setting before the Host line applies to every host, as in ssh).
import Foundation
@testable import Hosts

/// The fuzzer process's home directory for Include (its pid keeps parallel runs apart).
private func fuzzHome() -> String { NSTemporaryDirectory() + "drover-sshconfig-fuzz-\(getpid())" }

private let fuzzFiles: SSHConfigFiles = {
    let home = fuzzHome()
    let ssh = home + "/.ssh"
    try? FileManager.default.createDirectory(atPath: ssh, withIntermediateDirectories: true)
    let a = "Host a1 a2\n  HostName a.example\n  Port 2200\nInclude b\nMatch host x\n  User m\n"
    let b = "Host b1\n  User bee\n  Include *\nHost *\n  User star\n"
    _ = FileManager.default.createFile(atPath: ssh + "/a", contents: Data(a.utf8))
    _ = FileManager.default.createFile(atPath: ssh + "/b", contents: Data(b.utf8))
    // libFuzzer ends a run with exit(), so the directory goes with the process.
    atexit { try? FileManager.default.removeItem(atPath: fuzzHome()) }
    return SSHConfigFiles(home: home)
}()

private let fuzzNow = Date(timeIntervalSince1970: 1_800_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func sshConfigFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if text.lowercased().contains("include") { text = text.replacingOccurrences(of: "/", with: "_") }

    _ = SSHConfigLexer.statements(text)
    let parsed = SSHConfigImport.parse(text, files: fuzzFiles)
    for entry in parsed.entries {
        guard (try? HostRules.checkName(entry.alias)) != nil else { fail("imported alias \(entry.alias) is not a valid name") }
    }
    var list = HostList()
    let plan = SSHConfigImportPlan.apply(parsed, to: &list, localUser: "fuzz", now: fuzzNow)
    for added in plan.added {
        guard (try? added.host.validate()) != nil else { fail("imported host \(added.host.name) does not validate") }
    }
    checkSimpleConfig(text, parsed)
    return 0
}

/// The settings of a simple config, read straight from its statements (see the file comment).
private func checkSimpleConfig(_ text: String, _ parsed: SSHConfigImport) {
    let statements = SSHConfigLexer.statements(text)
    let hosts = statements.filter { $0.keyword == "host" }
    guard hosts.count == 1, !hosts[0].arguments.contains(where: { $0.hasPrefix("!") }),
          !statements.contains(where: { $0.keyword == "match" || $0.keyword == "include" }) else { return }
    let names = hosts[0].arguments.filter { !$0.contains("*") && !$0.contains("?") }
    if names.count <= SSHConfigReader.maxAliases {
        let seen = Set(parsed.entries.map(\.alias) + parsed.skipped.map(\.alias))
        for name in names where !seen.contains(name) { fail("the Host name '\(name)' was neither imported nor skipped") }
    }
    func first(_ keyword: String) -> [String]? { statements.first { $0.keyword == keyword }?.arguments }
    for entry in parsed.entries {
        if let hostname = first("hostname") {
            // %h and %% are expanded (the import's own tests cover that); other values as written.
            if hostname.count == 1, !hostname[0].contains("%"), entry.hostname != hostname[0] {
                fail("\(entry.alias): HostName \(entry.hostname), the config says \(hostname[0])")
            }
        } else if entry.hostname != entry.alias {
            fail("\(entry.alias): HostName \(entry.hostname) without a HostName line")
        }
        let user = first("user")
        if entry.user != user?.first || (user != nil && user?.count != 1) {
            fail("\(entry.alias): User \(entry.user ?? "none"), the config says \(user ?? [])")
        }
        let port = first("port")
        if entry.port != port.flatMap({ $0.count == 1 ? Int($0[0]) : nil }) || (port != nil && entry.port == nil) {
            fail("\(entry.alias): Port \(entry.port.map(String.init) ?? "none"), the config says \(port ?? [])")
        }
    }
}

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sshconfig fuzz: \(message)\n".utf8))
    abort()
}
