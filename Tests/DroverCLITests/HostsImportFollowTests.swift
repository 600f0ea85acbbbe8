import Files
import Hosts
import XCTest
import TestSupport
@testable import DroverCLI

/// Issue 28 (new-user trial of import): commands kept as written, `ssh -G`'s evaluation (Match),
/// entries that follow their Host, the route in a destination's identity, the main name, and
/// `hosts list/show/add` for a followed Host.
final class HostsImportFollowTests: XCTestCase {
    private var dir: TemporaryDirectory!
    /// PATH as OpenSSH is installed (/usr/bin/ssh), so import and show ask `ssh -G`.
    private var env: [String: String] { ["DROVER_HOME": dir.file("root"), "HOME": dir.file("home"), "PATH": "/usr/bin:/bin"] }
    private var config: String { dir.file("home/.ssh/config") }

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh") else { throw XCTSkip("needs OpenSSH's client") }
        dir = try TemporaryDirectory(prefix: "drover-cli-import-follow")
        try FileManager.default.createDirectory(atPath: dir.file("home/.ssh/conf.d"), withIntermediateDirectories: true)
    }

    override func tearDown() { dir?.remove() }

    @discardableResult
    private func drover(_ args: String..., environment: [String: String]? = nil, expect status: Int32 = 0,
                        file: StaticString = #filePath, line: UInt = #line) -> CLIHarness {
        CLIHarness.checked(args, environment: environment ?? env, expect: status, file: file, line: line)
    }

    private func stored(_ name: String) throws -> HostEntry? {
        try HostStore(root: DroverRoot(path: dir.file("root"))).load().named(name)
    }

    private func write(_ text: String, to path: String? = nil) throws {
        try text.write(toFile: path ?? config, atomically: true, encoding: .utf8)
    }

    /// ProxyCommand and RemoteCommand are the rest of the line, quotes and all, whoever reads it.
    func testCommandsAreStoredExactlyAsWrittenWithOrWithoutSSH() throws {
        let relay = #"sh -c "echo X >&2; exec relay %h %p""#
        let failing = #"sh -c 'echo "a b" >&2; exit 3'"#
        let remote = #"echo "a  b" | tee 'c d'"#
        try write("Host q1\n  HostName 10.0.0.1\n  ProxyCommand \(relay)\nHost q2\n  HostName 10.0.0.2\n"
                  + "  ProxyCommand=\(failing)\nHost q3\n  HostName 10.0.0.3\n  RemoteCommand \(remote)\n")
        for (path, root) in [("/usr/bin:/bin", "with-ssh"), ("/nonexistent", "reader")] {
            var environment = env
            (environment["PATH"], environment["DROVER_HOME"]) = (path, dir.file(root))
            drover("hosts", "import-ssh-config", environment: environment)
            let hosts = try HostStore(root: DroverRoot(path: dir.file(root))).load()
            XCTAssertEqual(hosts.named("q1")?.proxyCommand, relay, root)
            XCTAssertEqual(hosts.named("q2")?.proxyCommand, failing, root)
            XCTAssertEqual(hosts.named("q3")?.command, remote, root)
        }
    }

    /// A Match block applies (ssh -G evaluates it), and later edits of the Host apply to the entry.
    func testMatchAppliesAndTheEntryFollowsLaterEdits() throws {
        try write("Host matchme\n  HostName 127.0.0.1\n  User root\nMatch originalhost matchme\n  Port 2299\n")
        let out = drover("hosts", "import-ssh-config").out
        XCTAssertTrue(out.contains("added matchme: root@127.0.0.1:2299\n"), out)
        XCTAssertTrue(out.contains(HostsImportCommand.followedBySSH), out)
        XCTAssertEqual(try stored("matchme")?.sshConfig, "matchme")
        try write("Host matchme\n  HostName 127.0.0.1\n  User drtrial\nMatch originalhost matchme\n  Port 2299\n")
        XCTAssertTrue(drover("hosts", "list").out.contains("matchme  drtrial@127.0.0.1:2299"), drover("hosts", "list").out)
        let show = drover("hosts", "show", "matchme").out
        XCTAssertTrue(show.contains("user:") && show.contains(" drtrial\n"), show)
        XCTAssertTrue(show.contains("what ~/.ssh/config gives now"), show)
    }

    /// A ProxyCommand host is a destination of its own: not a twin of the direct one at that
    /// address, on a first import or a later one; list and show name its command.
    func testAProxyCommandHostIsNotATwinOfTheDirectHost() throws {
        drover("hosts", "add", "inc", "root@127.0.0.1:2299")
        try write("Host tok\n  HostName 127.0.0.1\n  Port 2299\n  User root\n  ProxyCommand nc %h %p\n")
        let out = drover("hosts", "import-ssh-config").out
        XCTAssertTrue(out.contains("added tok: root@127.0.0.1:2299\n"), out)
        XCTAssertTrue(drover("hosts", "list").out.contains("proxy: nc %h %p"), drover("hosts", "list").out)
        XCTAssertTrue(drover("hosts", "show", "tok").out.contains("proxy:"), drover("hosts", "show", "tok").out)
        XCTAssertFalse(drover("hosts", "show", "tok").out.contains("(none: direct)"))
        let again = drover("hosts", "import-ssh-config").out
        XCTAssertTrue(again.contains("skipped tok (line 1): a host with that name is already registered"), again)
        XCTAssertFalse(again.contains("as 'inc'"), again)
    }

    /// The main file's first Host name wins over a name from an included file, wherever the Include is.
    func testTheMainFilesFirstNameNamesTheEntry() throws {
        // An absolute Include: ssh reads a relative one under the account's home, not the test's HOME (ADR 0027).
        try write("Include \(dir.file("home/.ssh/conf.d"))/*\nHost box boxalias\n  HostName 127.0.0.1\n  Port 2299\n  User root\n")
        try write("Host inc\n  HostName 127.0.0.1\n  Port 2299\n  User root\n", to: dir.file("home/.ssh/conf.d/inc"))
        let out = drover("hosts", "import-ssh-config").out
        XCTAssertTrue(out.contains("added box: root@127.0.0.1:2299\n  names: box, boxalias, inc -> one entry 'box' "), out)
        XCTAssertEqual(try stored("box")?.aliases, ["boxalias", "inc"])
    }

    /// `hosts add --ssh-config` of a name the config maps nowhere and that does not resolve is refused.
    func testAddRefusesAFollowedNameThatNamesNothing() throws {
        try write("Host known\n  HostName 127.0.0.1\n")
        let refused = drover("hosts", "add", "matchme2", "--ssh-config", "nosuchhost.invalid", expect: 2)
        XCTAssertTrue(refused.err.contains("no Host block of ~/.ssh/config gives 'nosuchhost.invalid' an address"), refused.err)
        XCTAssertTrue(refused.err.contains("Add a 'Host nosuchhost.invalid' block"), refused.err)
        // The command offered reads the config Drover read ($HOME is not the account's home here).
        XCTAssertTrue(refused.err.contains("('ssh -F \(dir.file("home/.ssh/config")) -G nosuchhost.invalid' shows what ssh makes of it)"),
                      refused.err)
        XCTAssertNil(try stored("matchme2"))
        // Without an ssh client no ssh command is offered.
        var noSSH = env
        noSSH["PATH"] = dir.file("empty-path")
        let alone = drover("hosts", "add", "matchme2", "--ssh-config", "nosuchhost.invalid", environment: noSSH, expect: 2)
        XCTAssertTrue(alone.err.contains("Add a 'Host nosuchhost.invalid' block"), alone.err)
        XCTAssertFalse(alone.err.contains("ssh -"), alone.err)
        // Without $HOME/.ssh/config no command shows what Drover read (ssh -F stops at a missing file).
        try FileManager.default.removeItem(atPath: dir.file("home/.ssh/config"))
        let noConfig = drover("hosts", "add", "matchme2", "--ssh-config", "nosuchhost.invalid", expect: 2)
        XCTAssertTrue(noConfig.err.contains("Add a 'Host nosuchhost.invalid' block"), noConfig.err)
        XCTAssertFalse(noConfig.err.contains("ssh -"), noConfig.err)
        try write("Host known\n  HostName 127.0.0.1\n")
        XCTAssertEqual(drover("hosts", "add", "k", "--ssh-config", "known").out, "added k: \(TestSSHD.currentUser)@127.0.0.1:22\n")
    }

    /// `hosts edit --ssh-config` and `hosts add ADDRESS --ssh-config` refuse the same name: the
    /// entry would take its settings at each attach and go nowhere.
    func testEditAndAddWithAnAddressRefuseAFollowedNameThatNamesNothing() throws {
        try write("Host known\n  HostName 127.0.0.1\n")
        XCTAssertEqual(drover("hosts", "add", "web", "root@127.0.0.1:2299").out, "added web: root@127.0.0.1:2299\n")
        let edit = drover("hosts", "edit", "web", "--ssh-config", "nosuchhost.invalid", expect: 2)
        XCTAssertTrue(edit.err.contains("no Host block of ~/.ssh/config gives 'nosuchhost.invalid' an address"), edit.err)
        XCTAssertTrue(edit.err.contains("leave --ssh-config out to keep the entry's own address"), edit.err)
        XCTAssertNil(try stored("web")?.sshConfig, "the entry was not changed")
        let add = drover("hosts", "add", "web2", "root@127.0.0.1:2299", "--ssh-config", "nosuchhost.invalid", expect: 2)
        XCTAssertTrue(add.err.contains("leave --ssh-config out to keep the address given here"), add.err)
        XCTAssertNil(try stored("web2"))
        XCTAssertTrue(drover("hosts", "edit", "web", "--ssh-config", "known").out.hasPrefix("updated web"))
        XCTAssertEqual(try stored("web")?.sshConfig, "known")
    }
}
