// libFuzzer target for `drover hosts import` (ssh_config). Built by `scripts/fuzz sshconfig`
// against the LibC, Files, TextSafety and Hosts modules (-enable-testing, hence @testable).
//
// The config text is the input. Includes resolve in a home directory made once under the
// temporary directory, whose ~/.ssh holds two small configs that include each other (and
// themselves through `*`), so nesting, cycles and globs run. Inputs that mention Include
// have `/` replaced by `_`, so no Include reaches outside that directory.
// Properties checked: parsing never crashes and ends; every entry's alias is one the registry
// accepts; applying the import to an empty list adds only entries that validate.
import Foundation
@testable import Hosts

private let fuzzFiles: SSHConfigFiles = {
    let home = NSTemporaryDirectory() + "drover-sshconfig-fuzz-\(getpid())"
    let ssh = home + "/.ssh"
    try? FileManager.default.createDirectory(atPath: ssh, withIntermediateDirectories: true)
    let a = "Host a1 a2\n  HostName a.example\n  Port 2200\nInclude b\nMatch host x\n  User m\n"
    let b = "Host b1\n  User bee\n  Include *\nHost *\n  User star\n"
    _ = FileManager.default.createFile(atPath: ssh + "/a", contents: Data(a.utf8))
    _ = FileManager.default.createFile(atPath: ssh + "/b", contents: Data(b.utf8))
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
    return 0
}

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sshconfig fuzz: \(message)\n".utf8))
    abort()
}
