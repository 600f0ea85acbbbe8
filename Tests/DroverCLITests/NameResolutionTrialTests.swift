import Foundation
import Hosts
import Sessions
import SSH
import TestSupport
import XCTest
@testable import DroverCLI

/// Issue 28's new-user trial of how `attach/doctor NAME` resolves names: the system-wide
/// ssh_config is read as ssh reads it, ssh's CRLF-ended complaints come out as lines, a typed
/// address is a direct connection, and typos of ~/.ssh/config Hosts get a "did you mean".
final class NameResolutionTrialTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var systemFile: String?
    private var home: String { dir.file("home") }
    private var config: String { home + "/.ssh/config" }
    private var env: [String: String] {
        ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser, "HOME": home, "PATH": "/usr/bin:/bin"]
    }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-resolve28")
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
        try "Host viajump\n    HostName 10.9.9.1\n    ProxyJump bastion\nHost bastion\n    HostName 10.9.9.2\nHost *.wild\n    Port 2\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        if let systemFile { try? FileManager.default.removeItem(atPath: systemFile) }
        dir.remove()
    }

    private func resolver(_ hosts: [HostEntry], flags: [String: [String]] = [:]) throws -> TargetResolver {
        TargetResolver(list: HostList(hosts), lookup: SSHConfigLookup(environment: env),
                       flags: try ConnectionFlags(ParsedArguments(options: flags)), localUser: "root",
                       nameLookup: { _ in "Name or service not known" })
    }

    /// A Host only the system-wide config defines resolves as `ssh NAME` resolves it, and the
    /// user's config still wins where both say something (ssh reads the user's first).
    func testAHostOfTheSystemWideConfigResolvesAsWithSSH() throws {
        let system = (try? String(contentsOfFile: SSHConfigSources.systemConfig, encoding: .utf8)) ?? ""
        guard system.split(separator: "\n").contains(where: {
            $0.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("include /etc/ssh/ssh_config.d/")
        }), FileManager.default.isWritableFile(atPath: "/etc/ssh/ssh_config.d") else {
            throw XCTSkip("/etc/ssh/ssh_config does not include a writable /etc/ssh/ssh_config.d here")
        }
        let name = "sysonly-\(UUID().uuidString.prefix(8).lowercased())"
        systemFile = "/etc/ssh/ssh_config.d/zz-drover-test-\(name).conf"
        try "Host \(name) both-\(name)\n    HostName 127.0.0.3\n    Port 2203\n    User sysuser\n"
            .write(toFile: try XCTUnwrap(systemFile), atomically: true, encoding: .utf8)
        try "Host both-\(name)\n    Port 2204\n".write(toFile: config, atomically: true, encoding: .utf8)
        let lookup = SSHConfigLookup(environment: env)
        XCTAssertNotNil(lookup.ssh, "an OpenSSH client is installed here")
        XCTAssertFalse(lookup.sources.sshReadsUserConfig, "this HOME is not the account's: a generated file is named")
        let entry = try lookup.entry(for: name)
        XCTAssertEqual([entry.hostname, entry.user, entry.port.map(String.init)], ["127.0.0.3", "sysuser", "2203"])
        // Without a ~/.ssh/config at all, ssh still reads the system's (as `ssh NAME` does).
        var bare = env
        bare["HOME"] = dir.file("home-without-config")
        var resolver = TargetResolver(list: HostList([]), lookup: SSHConfigLookup(environment: bare), flags: nil, localUser: "root",
                                      nameLookup: { _ in "Name or service not known" })
        XCTAssertEqual(try resolver.resolve(name).endpoint.description, "sysuser@127.0.0.3:2203")
        let both = try lookup.entry(for: "both-\(name)")
        XCTAssertEqual([both.hostname, both.port.map(String.init)], ["127.0.0.3", "2204"], "the user's Port, the system's HostName")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
            .filter { $0.hasPrefix("drover-ssh-config-") }
            .compactMap { try? String(contentsOfFile: NSTemporaryDirectory() + "/" + $0 + "/config", encoding: .utf8) }
        XCTAssertFalse(leftovers.contains { $0.contains(home) }, "the generated file is removed")
    }

    /// Where $HOME is the account's home ssh reads both files itself; elsewhere the advice names the file.
    func testTheShowCommandReadsTheSameFile() {
        let own = SSHConfigSources(home: "/home/ann/", accountHome: "/home/ann")
        XCTAssertTrue(own.sshReadsUserConfig)
        XCTAssertEqual(own.showCommand(for: "box"), "ssh -G box")
        XCTAssertEqual(try own.withArguments { $0 }, [])
        let other = SSHConfigSources(home: "/tmp/test home", accountHome: "/home/ann")
        XCTAssertNil(other.showCommand(for: "box"), "ssh -F stops at a missing file: no command is offered")
        // With the file there, the command names it, quoted for a shell.
        let home = NSTemporaryDirectory() + "drover show \(getpid())"
        defer { try? FileManager.default.removeItem(atPath: home) }
        XCTAssertNoThrow(try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true))
        XCTAssertTrue(FileManager.default.createFile(atPath: home + "/.ssh/config", contents: Data("Host box\n".utf8)))
        XCTAssertEqual(SSHConfigSources(home: home, accountHome: "/home/ann").showCommand(for: "box"),
                       "ssh -F '\(home)/.ssh/config' -G box")
        let arguments = try? other.withArguments { arguments -> [String] in
            XCTAssertEqual(try String(contentsOfFile: arguments[1], encoding: .utf8),
                           "Include \"/tmp/test home/.ssh/config\"\nInclude /etc/ssh/ssh_config\n")
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: arguments[1])[.posixPermissions] as? Int, 0o600)
            return arguments
        }
        XCTAssertEqual(arguments?.first, "-F")
        XCTAssertFalse(FileManager.default.fileExists(atPath: arguments?[1] ?? "/"), "removed once ssh answered")
    }

    /// ssh ends its complaints with "\r\n", one Character to Swift: they still come out as
    /// separate lines, without "\u{d}" or the Pseudo-terminal notice.
    func testSSHsCRLFEndedComplaintsAreSeparateLines() throws {
        try "Host box\n    Bogusoption yes\n".write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SSHConfigLookup(environment: env).entry(for: "box")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("line 2: Bad configuration option: bogusoption; "), text)
            XCTAssertTrue(text.contains("terminating, 1 bad configuration options."), text)
            XCTAssertFalse(text.contains("\\u{d}") || text.contains("\r") || text.contains("\n"), text)
            XCTAssertTrue(text.contains("('ssh -F \(config) -G box' shows the same)"), text)
        }
        try "Include \(config)\n".write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SSHConfigLookup(environment: env).entry(for: "box")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("for 'box': Too many recursive configuration includes. Fix"), text)
            XCTAssertFalse(text.contains("Pseudo-terminal") || text.contains("\\u{d}"), text)
        }
    }

    /// An address is a direct connection: only direct entries of that account lend their
    /// settings; of several, the one without a session or command.
    func testAnAddressMatchesOnlyDirectEntriesOfItsAccount() throws {
        let plain = HostEntry(name: "demobox", hostname: "127.0.0.1", port: 2299, user: "root")
        var work = plain, viaJump = plain, proxied = plain, other = plain
        (work.name, work.session) = ("work", "work")
        (viaJump.name, viaJump.jump) = ("viajump", ["bastion"])
        (proxied.name, proxied.proxyCommand) = ("proxied", "nc %h %p")
        (other.name, other.session) = ("other", "other")
        var both = try resolver([work, viaJump, proxied, plain])
        XCTAssertEqual(try both.resolve("root@127.0.0.1:2299").host?.name, "demobox", "the plain direct entry")
        var jumpOnly = try resolver([viaJump, proxied])
        let bare = try jumpOnly.resolve("root@127.0.0.1:2299")
        XCTAssertNil(bare.host, "an entry that goes through a jump host is another route")
        XCTAssertTrue(bare.jumps.isEmpty)
        XCTAssertNil(bare.proxyCommand)
        var sessions = try resolver([work, other, viaJump])
        XCTAssertThrowsError(try sessions.resolve("root@127.0.0.1:2299")) { error in
            XCTAssertEqual(error as? AttachTargetError, .ambiguous("root@127.0.0.1:2299", names: ["work", "other"]))
            XCTAssertTrue("\(error)".contains("connect to it directly ('work', 'other'), each with its own herdr session"), "\(error)")
        }
    }

    /// With -J or -i the flags say how to reach the address: no entry's session is taken.
    func testRouteFlagsNeverTakeAnEntrysSession() throws {
        var work = HostEntry(name: "demobox", hostname: "127.0.0.1", port: 2299, user: "root")
        work.session = "work"
        for flags in [["jump": ["bastion"]], ["identity": ["/keys/k"]]] {
            var resolver = try resolver([work], flags: flags)
            let target = try resolver.resolve("root@127.0.0.1:2299")
            XCTAssertFalse(target.isRegistered, "\(flags)")
            XCTAssertFalse(target.command.contains("work"), target.command)
            XCTAssertEqual(target.displayName, "root@127.0.0.1:2299")
        }
        var named = try resolver([work], flags: ["jump": ["bastion"]])
        XCTAssertTrue(try named.resolve("demobox").command.contains("work"), "naming the entry keeps its session")
    }

    /// Typos of ~/.ssh/config Hosts get a "did you mean"; the advice is not to register the typo.
    func testTyposOfConfigHostsAreSuggested() throws {
        var resolver = try resolver([HostEntry(name: "demo", hostname: "10.0.0.9", user: "ann")])
        XCTAssertThrowsError(try resolver.resolve("viajumpp")) { error in
            let text = HostNameSuggestion.message(for: error, registered: { [] }) ?? ""
            XCTAssertTrue(text.hasPrefix("no host named 'viajumpp'. Did you mean 'viajump'? Known hosts: demo; "
                                         + "~/.ssh/config names: viajump, bastion."), text)
            XCTAssertFalse(text.contains("hosts add viajumpp"), text)
            XCTAssertFalse(text.contains("*.wild"), "patterns are no names")
        }
        let cli = CLIHarness.checked(["doctor", "bastoin.invalid"], environment: env, expect: 1)
        XCTAssertTrue(cli.err.contains("register it with 'drover hosts add bastoin.invalid --host ADDRESS'"), "nothing close: \(cli.err)")
        var jump = try self.resolver([], flags: ["jump": ["bastoin"]])
        _ = try jump.resolve("10.0.0.1")
        XCTAssertEqual(jump.notes, ["note: the jump host 'bastoin' is neither a registered host nor a Host in ~/.ssh/config, "
                                    + "so it is used as a host name. Did you mean 'bastion'?"])
        let notFound = SSHError.jumpHost(hop: "bastoin", .hostNotFound(host: "bastoin", detail: "Name or service not known"))
        XCTAssertEqual(HostNameSuggestion.message(for: notFound, registered: { [] }, configured: { ["bastion"] })?
            .contains("Did you mean 'bastion'?"), true, "a jump word that reached DNS is matched against the config's Hosts")
    }
}
