import Foundation
import XCTest
@testable import Hosts

/// ADR 0032: the probe tells cmd from PowerShell by what each prints for one harmless `echo`,
/// and the answer is kept in hosts.json as optional fields old files do without.
final class WindowsShellTests: XCTestCase {
    /// The probe run through models of each shell's `echo` (cmd: `%NAME%` of a set variable is
    /// expanded, `$` is plain text; PowerShell: `$env:NAME` in a bare word is expanded, `%` is
    /// plain text; a POSIX shell: `$env` is an unset variable, `%` plain) reads back as that shell.
    func testTheProbeReadsBackAsTheShellThatRanIt() {
        let environment = ["OS": "Windows_NT"]
        func echoed(_ line: String, _ pattern: String) throws -> String {
            guard line.hasPrefix("echo ") else { return "not an echo" }
            let regex = try NSRegularExpression(pattern: pattern)
            var text = String(line.dropFirst(5))
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
                let range = Range(match.range, in: text)!
                let name = String(text[Range(match.range(at: 1), in: text)!])
                text.replaceSubrange(range, with: environment[name] ?? (pattern.hasPrefix("%") ? String(text[range]) : ""))
            }
            return text + "\r\n"
        }
        XCTAssertEqual(WindowsShell(probeOutput: try echoed(WindowsShell.probe, "%([A-Za-z_]+)%")), .cmd)
        XCTAssertEqual(WindowsShell(probeOutput: try echoed(WindowsShell.probe, #"\$env:([A-Za-z_]+)"#)), .powershell)
        XCTAssertNil(WindowsShell(probeOutput: try echoed(WindowsShell.probe, #"\$([A-Za-z_]+)"#)), "a POSIX shell")
    }

    func testCmdsAnswerIsCmd() {
        // cmd expands %OS% and leaves $env:OS as typed.
        XCTAssertEqual(WindowsShell(probeOutput: "drover-shell:Windows_NT:$env:OS\r\n"), .cmd)
    }

    func testPowerShellsAnswerIsPowerShellAfterABanner() {
        // PowerShell leaves %OS% as typed and expands $env:OS in the bare word.
        XCTAssertEqual(WindowsShell(probeOutput: "Welcome to the lab\r\ndrover-shell:%OS%:Windows_NT\r\n"), .powershell)
    }

    func testAnyOtherAnswerIsUnknown() {
        for output in ["", "drover-shell:%OS%::OS\n", "drover-shell:%OS%:$env:OS\n", "bash: echo: not found\n",
                       "drover-shell:%OS%:\n", "xdrover-shell:Windows_NT:$env:OS\n"] {
            XCTAssertNil(WindowsShell(probeOutput: output), output.debugDescription)
        }
    }

    func testOldFilesLoadAndTheShellFieldsRoundTripOnlyWhenSet() throws {
        let old = #"{"version":1,"hosts":[{"name":"w","hostname":"w.lan","user":"u","platform":"windows"}]}"#
        let loaded = try HostsFile.decode(Data(old.utf8), localUser: "u").get()
        XCTAssertNil(loaded.hosts[0].windowsShell)
        XCTAssertNil(loaded.hosts[0].windowsShellSeen)
        XCTAssertFalse(String(decoding: try HostsFile.encode(loaded), as: UTF8.self).contains("windowsShell"))

        var host = loaded.hosts[0]
        host.windowsShell = .cmd
        host.windowsShellSeen = .powershell
        let text = String(decoding: try HostsFile.encode(HostList([host])), as: UTF8.self)
        XCTAssertTrue(text.contains(#""windowsShell" : "cmd""#) && text.contains(#""windowsShellSeen" : "powershell""#), text)
        XCTAssertEqual(try HostsFile.decode(Data(text.utf8), localUser: "u").get().hosts, [host])
    }

    func testRememberingTheShellLeavesUpdatedAndChecksTheAccount() {
        let host = HostEntry(name: "w", hostname: "w.lan", user: "u", platform: .windows)
        var list = HostList([host])
        XCTAssertTrue(list.rememberWindowsShell(.powershell, forHostNamed: "w", account: host))
        XCTAssertFalse(list.rememberWindowsShell(.powershell, forHostNamed: "w", account: host), "unchanged")
        XCTAssertEqual(list.named("w")?.windowsShellSeen, .powershell)
        XCTAssertEqual(list.named("w")?.updated, host.updated)
        var moved = host
        moved.hostname = "elsewhere.lan"
        XCTAssertFalse(list.rememberWindowsShell(.cmd, forHostNamed: "w", account: moved), "an entry edited meanwhile is left alone")
        XCTAssertTrue(list.rememberWindowsShell(nil, forHostNamed: "w", account: host))
        XCTAssertNil(list.named("w")?.windowsShellSeen)
    }

    /// The probed shell is the machine's: an edit of the address, port or user forgets it,
    /// any other edit keeps it.
    func testAnEditOfTheAccountForgetsTheProbedShell() throws {
        var host = HostEntry(name: "w", hostname: "w.lan", user: "u", platform: .windows)
        host.windowsShellSeen = .powershell
        var list = HostList()
        try list.add(host, now: Date(timeIntervalSince1970: 0))
        var edited = host
        edited.session = "work"
        try list.replace(named: "w", with: edited, now: Date(timeIntervalSince1970: 1))
        XCTAssertEqual(list.named("w")?.windowsShellSeen, .powershell)
        for change in [{ (h: inout HostEntry) in h.port = 2222 }, { $0.user = "other" }, { $0.hostname = "w2.lan" }] {
            var moved = list.named("w")!
            moved.windowsShellSeen = .powershell
            try list.replace(named: "w", with: moved, now: Date(timeIntervalSince1970: 2))
            change(&moved)
            try list.replace(named: "w", with: moved, now: Date(timeIntervalSince1970: 3))
            XCTAssertNil(list.named("w")?.windowsShellSeen)
        }
    }
}
