import Files
import Hosts
import Sessions
import XCTest
import TestSupport
@testable import DroverCLI

/// `drover hosts import-ssh-config` end to end through the command line (issue 9 items 3 and 5).
final class HostsImportCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!
    /// No ssh on PATH: these tests read with Drover's own reader (`HostsImportFollowTests` use ssh -G).
    private var env: [String: String] { ["DROVER_HOME": dir.file("root"), "HOME": dir.file("home"), "PATH": "/nonexistent"] }
    private let reader = HostsImportCommand.followedByReader
    private var config: String { dir.file("home/.ssh/config") }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-cli-import")
        try FileManager.default.createDirectory(atPath: dir.file("home/.ssh/conf.d"), withIntermediateDirectories: true)
    }

    override func tearDown() { dir.remove() }

    @discardableResult
    private func drover(_ args: String..., input: [String] = [], expect status: Int32 = 0,
                        file: StaticString = #filePath, line: UInt = #line) -> CLIHarness {
        CLIHarness.checked(args, environment: env, input: input, expect: status, file: file, line: line)
    }

    private var names: [String] {
        drover("hosts").out.split(separator: "\n").dropFirst().map { String($0.split(separator: " ")[0]) }
    }

    func testImportAddsEveryAliasFollowsIncludesListsWhatItLeavesAndCountsRight() throws {
        try """
            Include conf.d/*
            Host web web-alias
              HostName web.example.com
              User ada   # me
              ProxyJump bastion
            Host *.lan
              User lan
            Match user root
              Port 1
            Host -bad
            Host badport
              Port 99999
            """.write(toFile: config, atomically: true, encoding: .utf8)
        try "Host pi\n  HostName 10.0.0.9\n  IdentityFile ~/.ssh/pi\n".write(toFile: dir.file("home/.ssh/conf.d/pi"),
                                                                          atomically: true, encoding: .utf8)
        drover("hosts", "add", "mine", "web.example.com", "--user", "ada", "--session", "main")
        let first = drover("hosts", "import-ssh-config").out
        XCTAssertEqual(first, """
            added web: ada@web.example.com:22 through bastion
              names: web, web-alias -> one entry 'web' (same destination; the first name on the file's own Host lines wins)
              not carried over: Match block (line 8)
            added pi: \(TestSSHD.currentUser)@10.0.0.9:22
              identity: ~/.ssh/pi
              not carried over: Match block (line 8)
            skipped -bad (line 10): name '-bad' is not allowed: \(HostRulesText.name)
            skipped badport (line 11): line 12: Port '99999' is not a number from 1 to 65535
            note: line 6: skipped wildcard pattern '*.lan'; it names no single computer
            \(reader)
            2 added, 2 skipped (\(config))

            """)
        XCTAssertEqual(names, ["mine", "pi", "web"])
        let web = drover("hosts", "show", "web").out.split(separator: "\n")
        XCTAssertTrue(web.contains { $0.hasPrefix("jump:") && $0.hasSuffix(" bastion") }, "ProxyJump is carried over")
        let second = drover("hosts", "import-ssh-config", config).out
        XCTAssertTrue(second.contains("skipped web (line 2): a host with that name is already registered\n"), second)
        XCTAssertTrue(second.hasSuffix("0 added, 5 skipped (\(config))\n"), second)
        XCTAssertTrue(drover("hosts", "import-ssh-config", dir.file("nope"), expect: 1).err.contains("does not exist"))
    }

    /// Issue 28: one entry per destination, every setting carried, a ProxyCommand host never direct.
    func testImportCarriesEverySettingAndMakesOneEntryPerDestination() throws {
        try """
            Host box boxalias
              HostName 127.0.0.1
              Port 2222
              User ann
              IdentityFile ~/.ssh/id_box
              IdentitiesOnly yes
              LocalForward 18080 127.0.0.1:18999
              RemoteForward 19090 127.0.0.1:80
              ConnectTimeout 7
              ServerAliveInterval 20
              ForwardAgent yes
              RemoteCommand herdr session attach work
            Host viaproxy
              HostName 10.0.0.2
              User ann
              ProxyCommand ssh -W %h:%p box
            Host generic
              HostName 10.0.0.3
              User ann
              ProxyCommand /usr/bin/python3 relay.py %h %p
            Host cmd
              HostName 10.0.0.4
              User ann
              RemoteCommand tmux attach
            """.write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertEqual(drover("hosts", "import-ssh-config").out, """
            added box: ann@127.0.0.1:2222
              names: box, boxalias -> one entry 'box' (same destination; the first name on the file's own Host lines wins)
              identity: ~/.ssh/id_box
              identities only
              forwards: 127.0.0.1:18080:127.0.0.1:18999
              remote forwards: localhost:19090:127.0.0.1:80
              agent forwarding
              connect timeout: 7 s
              keepalive: 20 s
              herdr session: work
            added viaproxy: ann@10.0.0.2:22 through box
            added generic: ann@10.0.0.3:22
              proxy command: /usr/bin/python3 relay.py %h %p (run by attach to reach the host)
            added cmd: ann@10.0.0.4:22
              command: tmux attach
            \(reader)
            4 added, 0 skipped (\(config))

            """)
        let hosts = try HostStore(root: DroverRoot(path: dir.file("root"))).load().hosts
        XCTAssertEqual(try AttachTarget.resolve("ann@127.0.0.1:2222", in: hosts, localUser: "me").displayName, "box",
                       "one entry, so the address is not ambiguous")
        XCTAssertEqual(try AttachTarget.resolve("boxalias", in: hosts, localUser: "me").displayName, "box")
        XCTAssertEqual(drover("hosts", "edit", "boxalias", "--session", "play").out, "updated box: ann@127.0.0.1:2222\n",
                       "an alias names its entry for edit too")
        XCTAssertEqual(try AttachTarget.resolve("generic", in: hosts, localUser: "me").proxyCommand,
                       "/usr/bin/python3 relay.py 10.0.0.3 22", "never attached directly: its ProxyCommand runs, tokens expanded")
        XCTAssertEqual(drover("hosts", "rm", "boxalias").out, "removed boxalias (ann@127.0.0.1:2222)\n")
        XCTAssertFalse(names.contains("box"))
    }

    /// Today a CRLF file is one long line, and `Host x` then names hosts `HostName`, `User`, `Port`.
    func testWindowsLineEndsImportTheHostNotItsKeywords() throws {
        try "Host x\r\n  HostName x.example.com\r\n  User ann\r\n  Port 2200\r\n".write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertEqual(drover("hosts", "import-ssh-config").out, "added x: ann@x.example.com:2200\n\(reader)\n1 added, 0 skipped (\(config))\n")
        XCTAssertEqual(names, ["x"])
    }

    func testDashReadsStandardInput() {
        let h = drover("hosts", "import-ssh-config", "-", input: ["Host piped", "  HostName piped.lan", "  User p"])
        XCTAssertEqual(h.out, "added piped: p@piped.lan:22\n\(HostsImportCommand.copied)\n1 added, 0 skipped (standard input)\n")
        XCTAssertEqual(names, ["piped"])
    }

    func testDryRunShowsTheResultAndWritesNothing() throws {
        try "Host a b\n  HostName box.lan\n".write(toFile: config, atomically: true, encoding: .utf8)
        let h = drover("hosts", "import-ssh-config", "--dry-run")
        XCTAssertEqual(h.out, """
            would add a: \(TestSSHD.currentUser)@box.lan:22
              names: a, b -> one entry 'a' (same destination; the first name on the file's own Host lines wins)
            \(reader)
            1 would be added, 0 skipped (\(config); dry run, nothing written)

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("root/hosts.json")))
        XCTAssertEqual(drover("hosts", "import-ssh-config").out.hasSuffix("1 added, 0 skipped (\(config))\n"), true)
    }

    func testHelpNamesStandardInputDryRunAndInclude() {
        let help = drover("help", "hosts", "import-ssh-config").out
        for fragment in ["[FILE | -] [--dry-run]", "Include", "not carry over", "'Host a b'"] {
            XCTAssertTrue(help.contains(fragment), "\(fragment) missing from\n\(help)")
        }
    }
}

/// The rule text the registry's name check states.
private enum HostRulesText {
    static let name = "a host name is 1-64 characters of letters, digits, '.', '_' and '-', starting with a letter or digit"
}
