import Foundation
import XCTest
@testable import Hosts

/// ADR 0032: the probe tells cmd from PowerShell by what each prints for one harmless `echo`,
/// and the answer is kept in hosts.json as optional fields old files do without.
final class WindowsShellTests: XCTestCase {
    func testTheProbeIsOneEchoThatExpandsDifferentlyInEachShell() {
        XCTAssertEqual(WindowsShell.probe, "echo drover-shell:%OS%:$env:OS")
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
}
