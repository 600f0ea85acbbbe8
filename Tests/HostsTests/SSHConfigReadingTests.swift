import XCTest
import TestSupport
@testable import Hosts
import LibC

/// Issue 9 item 5: ssh_config files as people really have them (Windows line ends, trailing
/// comments, Include) read as ssh reads them, and nothing that cannot be carried over is dropped
/// without a word.
final class SSHConfigReadingTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var files: SSHConfigFiles { SSHConfigFiles(home: dir.path) }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-sshconfig")
        try FileManager.default.createDirectory(atPath: dir.file(".ssh/conf.d"), withIntermediateDirectories: true)
    }

    override func tearDown() { dir.remove() }

    private func write(_ relative: String, _ text: String) throws {
        try text.write(toFile: dir.file(relative), atomically: true, encoding: .utf8)
    }

    private func entries(_ result: SSHConfigImport) -> [String: SSHConfigEntry] {
        Dictionary(uniqueKeysWithValues: result.entries.map { ($0.alias, $0) })
    }

    func testWindowsLineEndsReadLikeUnixOnes() {
        let result = SSHConfigImport.parse("Host pi\r\n  HostName 10.0.0.9\r\n  User pi\r\n  Port 2200\r\n", files: files)
        XCTAssertEqual(result.entries, [SSHConfigEntry(alias: "pi", hostname: "10.0.0.9", user: "pi", port: 2200, line: 1)])
        XCTAssertEqual(result.skipped, [])
        XCTAssertEqual(result.notes, [])
    }

    func testTrailingCommentsEndTheLineButAHashInsideAWordDoesNot() {
        let result = SSHConfigImport.parse("""
            Host pi   # the kitchen one
              User pi  # me
              Port 2200 # ssh
            Host nas
              Port 22#x
            """, files: files)
        XCTAssertEqual(result.entries, [SSHConfigEntry(alias: "pi", hostname: "pi", user: "pi", port: 2200, line: 1)])
        XCTAssertEqual(result.skipped, [SSHConfigSkip(alias: "nas", location: "line 4",
                                                      reason: "line 5: Port '22#x' is not a number from 1 to 65535")])
    }

    func testIncludeFollowsGlobsRelativeToDotSSHInOrder() throws {
        try write(".ssh/conf.d/b.conf", "Host beta\n  HostName b.lan\n")
        try write(".ssh/conf.d/a.conf", "Host alpha\n  HostName a.lan\n  ProxyJump hop\n")
        try write(".ssh/extra", "Host gamma\n  User g\n")
        let result = SSHConfigImport.parse("""
            Include conf.d/*.conf ~/.ssh/extra
            Host alpha
              User first-wins-is-the-included-one
            """, files: files)
        XCTAssertEqual(result.entries.map(\.alias), ["alpha", "beta", "gamma"])
        let byAlias = entries(result)
        XCTAssertEqual(byAlias["alpha"]?.hostname, "a.lan")
        XCTAssertEqual(byAlias["alpha"]?.user, "first-wins-is-the-included-one")
        XCTAssertEqual(byAlias["alpha"]?.location, "~/.ssh/conf.d/a.conf line 1")
        XCTAssertEqual(byAlias["alpha"]?.jump, ["hop"], "ProxyJump from the included file is carried over")
        XCTAssertEqual(byAlias["alpha"]?.notCarriedOver, [])
        XCTAssertEqual(byAlias["gamma"]?.user, "g")
        XCTAssertEqual(result.notes, [])
    }

    /// As in ssh, an Include inside a Host section applies only to that section, and the
    /// section's own settings resume after it.
    func testIncludeInsideAHostSectionAppliesOnlyThere() throws {
        try write(".ssh/conf.d/common", "User shared\n")
        let result = SSHConfigImport.parse("""
            Host one
              Include conf.d/common
              Port 2201
            Host two
              HostName two.lan
            """, files: files)
        let byAlias = entries(result)
        XCTAssertEqual(byAlias["one"]?.user, "shared")
        XCTAssertEqual(byAlias["one"]?.port, 2201)
        XCTAssertNil(byAlias["two"]?.user)
    }

    func testIncludeLoopsDepthAndBadFilesAreNotedNotFollowed() throws {
        try write(".ssh/loop", "Include loop\nHost looped\n")
        try write(".ssh/config", "Include loop\nInclude missing/*\nInclude conf.d\n")
        mkfifo(dir.file(".ssh/fifo"), 0o600)
        let main = try XCTUnwrap(try? SSHConfigImport.parse(file: dir.file(".ssh/config"), files: files).get())
        XCTAssertEqual(main.entries.map(\.alias), ["looped"])
        XCTAssertEqual(main.notes, [
            "~/.ssh/loop line 1: Include loop: ~/.ssh/loop not read again; it includes itself",
            "line 2: Include missing/*: matches no file (looked for ~/.ssh/missing/*)",
            "line 3: Include conf.d: ~/.ssh/conf.d is not a regular file",
        ])
        let fifo = SSHConfigImport.parse("Include fifo\n", files: files)
        XCTAssertEqual(fifo.notes, ["line 1: Include fifo: ~/.ssh/fifo is not a regular file"], "a FIFO is never opened")
        XCTAssertEqual(SSHConfigImport.parse(file: "/dev/null", files: files), .success(SSHConfigImport()),
                       "a path the person names may be a device or pipe")
        XCTAssertEqual(SSHConfigImport.parse(file: dir.file(".ssh/conf.d"), files: files),
                       .failure(.unreadable("Is a directory")))

        for level in 0..<20 { try write(".ssh/d\(level)", "Include d\(level + 1)\nHost h\(level)\n") }
        let deep = SSHConfigImport.parse("Include d0\n", files: files)
        XCTAssertEqual(deep.entries.count, SSHConfigReader.maxDepth)
        XCTAssertEqual(deep.notes, ["~/.ssh/d15 line 1: Include d16: not followed; includes nest deeper than 16 levels"])
    }

    func testEverythingNotCarriedOverIsListedPerHostOnce() {
        let result = SSHConfigImport.parse("""
            ForwardAgent yes
            Host box
              HostName box.lan
              ProxyCommand ssh -W %h:%p hop
              IdentityFile ~/.ssh/a
              IdentityFile ~/.ssh/b
              FrobnicateLevel 3
            Match exec "true"
              User root
            """, files: files)
        XCTAssertEqual(result.entries.first?.notCarriedOver, ["FrobnicateLevel (line 7)", "Match block (line 8)"])
        // Issue 28: ForwardAgent is carried, and ProxyCommand ssh -W is the jump through its hop.
        XCTAssertEqual(result.entries.first?.forwardAgent, true)
        XCTAssertEqual(result.entries.first?.jump, ["hop"])
        XCTAssertEqual(result.entries.first?.identityFiles, ["~/.ssh/a", "~/.ssh/b"], "every IdentityFile applies, as in ssh")
        XCTAssertNil(result.entries.first?.user, "a Match block is not evaluated")
    }

    /// IdentityFile keeps ~/ and absolute paths (%d is ~); other tokens, relative paths and
    /// `none` are not carried over, and the reason is listed.
    func testIdentityFilesAreCarriedOverWhenTheyNameOneFile() {
        let result = SSHConfigImport.parse("""
            Host box
              IdentityFile %d/.ssh/work
              IdentityFile /etc/keys/box
              IdentityFile ~/.ssh/%h
              IdentityFile keys/relative
              IdentityFile none
            Host *
              IdentityFile ~/.ssh/work
            """, files: files)
        let entry = result.entries.first
        XCTAssertEqual(entry?.identityFiles, ["~/.ssh/work", "/etc/keys/box"], "each file once, in order")
        XCTAssertEqual(entry?.notCarriedOver, [
            "IdentityFile (line 4: only ~/ and %d are expanded)", "IdentityFile (line 5: only ~/ and %d are expanded)",
        ])
    }

    func testTheNumberOfComputersAndTheBytesReadAreBounded() throws {
        let many = (0..<(SSHConfigReader.maxAliases + 5)).map { "Host h\($0)" }.joined(separator: "\n")
        let result = SSHConfigImport.parse(many, files: files)
        XCTAssertEqual(result.entries.count, SSHConfigReader.maxAliases)
        XCTAssertEqual(result.notes.count, 5, "one note per line not taken")
        XCTAssertTrue(result.notes[0].hasPrefix("line 1001: 'h1000' and later names were not imported"), result.notes[0])

        // Each file just under the per-file bound: four fit in the total, the fifth does not.
        let filler = "#" + String(repeating: "x", count: SSHConfigFiles.maxBytes - 100) + "\n"
        for n in 0..<5 { try write(".ssh/big\(n)", filler + "Host big\(n)\n") }
        let capped = SSHConfigImport.parse("Include big*\n", files: files)
        XCTAssertEqual(capped.entries.map(\.alias), ["big0", "big1", "big2", "big3"])
        XCTAssertEqual(capped.notes, ["line 1: Include big*: ~/.ssh/big4 not read; the config and its includes exceed 4096 KiB"])
    }

    func testGlobMatchingStaysCheapOnHostilePatterns() {
        XCTAssertTrue(Glob.matches("a*b?c", "axxbyc"))
        XCTAssertFalse(Glob.matches("a*b?c", "axxbc"))
        XCTAssertTrue(Glob.matches("*", ""))
        XCTAssertTrue(Glob.matches("*.lan", "x.y.lan"))
        XCTAssertFalse(Glob.matches("*.lan", "x.lan.com"))
        let pattern = String(repeating: "*a", count: 40) + "b"
        XCTAssertFalse(Glob.matches(pattern, String(repeating: "a", count: 200)), "backtracking only to the last star")
    }
}

/// What an import does to the registry: every alias, nothing twice.
final class SSHConfigImportPlanTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_000)

    private func parse(_ text: String) -> SSHConfigImport {
        SSHConfigImport.parse(text, files: SSHConfigFiles(home: "/nonexistent-drover-home"))
    }

    /// Issue 28: the aliases of one destination are one entry, so its address is never ambiguous.
    func testTheAliasesOfAHostLineAreOneEntry() throws {
        var list = HostList()
        let plan = SSHConfigImportPlan.apply(parse("Host a b c\n  HostName box.lan\n  User ann\n"), to: &list,
                                             localUser: "me", now: now)
        XCTAssertEqual(plan.added.map(\.host.name), ["a"])
        XCTAssertEqual(plan.added.first?.host.aliases, ["b", "c"])
        XCTAssertEqual(list.named("c")?.name, "a", "an alias finds its entry")
        XCTAssertTrue(list.isTaken("b"), "an alias is a name no other entry may take")
        XCTAssertEqual(plan.skipped, [])
    }

    func testAliasesWithDifferentSettingsStayApart() {
        var list = HostList()
        let plan = SSHConfigImportPlan.apply(parse("Host a b\n  HostName box.lan\nHost b\n  Port 2222\n"), to: &list,
                                             localUser: "me", now: now)
        XCTAssertEqual(plan.added.map(\.host.account), ["me@box.lan:22", "me@box.lan:2222"])
    }

    func testImportingAgainAddsNothingAndATwinOfAnEarlierEntryIsSkipped() {
        var list = HostList()
        let config = parse("Host a b\n  HostName box.lan\nHost c\n  HostName c.lan\n  Port nope\n")
        let first = SSHConfigImportPlan.apply(config, to: &list, localUser: "me", now: now)
        XCTAssertEqual(first.added.count, 1)
        XCTAssertEqual(first.skipped.map(\.alias), ["c"], "a bad Port skips its alias and is counted")
        let again = SSHConfigImportPlan.apply(config, to: &list, localUser: "me", now: now)
        XCTAssertEqual(again.added, [])
        XCTAssertEqual(again.skipped.map(\.alias), ["c", "b", "a"])
        XCTAssertEqual(again.skipped[1].reason, "a host with that name is already registered")

        let renamed = parse("Host other\n  HostName box.lan\n")
        let plan = SSHConfigImportPlan.apply(renamed, to: &list, localUser: "me", now: now)
        XCTAssertEqual(plan.added, [])
        XCTAssertEqual(plan.skipped.first?.reason, "me@box.lan:22, herdr's default session is already registered as 'a'")
    }

    /// Trial items 2 and 3: a user name with a space is not carried over, with the reason; a
    /// bare `Host` line (which ssh rejects) is noted rather than passed by.
    func testASpacedUserIsSkippedWithTheReasonAndABareHostLineIsNoted() {
        var list = HostList()
        let config = parse("Host\nHost eps\n  HostName eps.example\n  User \"e e\"\n")
        XCTAssertEqual(config.notes, ["line 1: 'Host' without a pattern names no computer (ssh rejects this line)"])
        let plan = SSHConfigImportPlan.apply(config, to: &list, localUser: "me", now: now)
        XCTAssertEqual(plan.added, [])
        XCTAssertEqual(plan.skipped.map(\.alias), ["eps"])
        XCTAssertTrue(plan.skipped[0].reason.hasPrefix("user 'e e' is not allowed: "), plan.skipped[0].reason)
    }
}

/// Issue 28: what `ssh -G` prints becomes the same entry as Drover's reader makes, defaults
/// aside; only settings Drover cannot honour are listed.
final class SSHConfigDumpTests: XCTestCase {
    func testSSHGOutputIsReadWithItsDefaultsLeftOut() throws {
        let output = """
            host box
            user ann
            hostname 10.0.0.5
            port 2222
            identityfile ~/.ssh/id_rsa
            identityfile ~/.ssh/id_ed25519
            identityfile ~/.ssh/id_dsa
            identityfile ~/.ssh/id_ecdsa
            identityfile ~/.ssh/id_ecdsa_sk
            identityfile ~/.ssh/id_ed25519_sk
            identityfile ~/.ssh/id_xmss
            identitiesonly no
            forwardagent yes
            connecttimeout none
            serveraliveinterval 0
            serveralivecountmax 3
            forwardx11 no
            requesttty auto
            controlmaster auto
            localforward [127.0.0.1]:18080 [localhost]:80
            remoteforward 19090 [127.0.0.1]:80
            proxycommand ssh -q -W [%h]:%p bastion
            remotecommand herdr session attach work
            """
        let entry = try SSHConfigDump.entry(alias: "box", output: output).get()
        XCTAssertEqual(entry.hostname, "10.0.0.5")
        XCTAssertEqual(entry.user, "ann")
        XCTAssertEqual(entry.port, 2222)
        XCTAssertEqual(entry.identityFiles, [], "ssh's default files: Drover's own order applies")
        XCTAssertEqual(entry.forwards, ["127.0.0.1:18080:localhost:80"])
        XCTAssertEqual(entry.jump, ["bastion"])
        XCTAssertNil(entry.proxyCommand)
        XCTAssertEqual(entry.session, "work")
        XCTAssertTrue(entry.forwardAgent)
        XCTAssertNil(entry.connectTimeout)
        XCTAssertEqual(entry.remoteForwards, ["localhost:19090:127.0.0.1:80"], "RemoteForward is carried (-R)")
        XCTAssertEqual(entry.notCarriedOver, ["ControlMaster auto"])

        let generic = try SSHConfigDump.entry(alias: "g", output: "hostname g\nproxycommand nc %h %p\nidentityfile ~/.ssh/id_rsa\n").get()
        XCTAssertEqual(generic.proxyCommand, "nc %h %p", "kept, never dropped")
        XCTAssertEqual(generic.identityFiles, ["~/.ssh/id_rsa"], "one default name given on purpose is kept")
        let named = try SSHConfigDump.entry(alias: "n", output: "identityfile ~/.ssh/work\nremotecommand tmux attach\n").get()
        XCTAssertEqual(named.identityFiles, ["~/.ssh/work"])
        XCTAssertEqual(named.command, "tmux attach")
    }

    func testABadValueIsAProblemNamingIt() {
        guard case .failure(let problem) = SSHConfigDump.entry(alias: "b", output: "localforward 99999 x:1\n") else {
            return XCTFail("a LocalForward that does not parse is refused")
        }
        XCTAssertTrue(problem.text.contains("LocalForward") || problem.text.contains("localforward"), problem.text)
    }

    /// Debian's system-wide `SendEnv LANG LC_*` asks for what every attach offers already: not
    /// listed as unused; a name beyond those is.
    func testSendEnvOfWhatEveryAttachOffersIsNotListed() throws {
        let dump = try SSHConfigDump.entry(alias: "d", output: "sendenv LANG\nsendenv LC_*\nsendenv -LC_ALL\n").get()
        XCTAssertEqual(dump.notCarriedOver, [])
        let odd = try SSHConfigDump.entry(alias: "d", output: "sendenv LANG\nsendenv LANG*\nsendenv EDITOR\n").get()
        XCTAssertEqual(odd.notCarriedOver, ["SendEnv LANG*", "SendEnv EDITOR"])
        XCTAssertTrue(ForwardedEnvironment.of(["LANG": "C.UTF-8", "LC_CTYPE": "", "EDITOR": "vi"]) == ["LANG": "C.UTF-8"])
    }
}
