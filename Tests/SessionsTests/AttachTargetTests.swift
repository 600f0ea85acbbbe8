import XCTest
import Files
import Hosts
import SSH
@testable import Sessions

final class AttachTargetTests: XCTestCase {
    let mac = HostEntry(name: "mac", hostname: "mac.tail.ts.net", port: 2222, user: "ann", platform: .unix, session: "work")
    let win = HostEntry(name: "pc", hostname: "100.64.1.2", user: "bob", platform: .windows)

    /// Only a host that runs herdr is said to keep its session after a detach.
    func testAHostRunsHerdrUnlessItsCommandIsAnotherProgram() {
        let endpoint = SSHEndpoint(host: "h", port: 22, user: "u")
        let target = { (command: String?) in
            AttachTarget(displayName: "h", endpoint: endpoint, command: command ?? "herdr",
                         host: HostEntry(name: "h", hostname: "h", user: "u", command: command))
        }
        XCTAssertTrue(target(nil).runsHerdr)
        XCTAssertTrue(target("exec ~/bin/herdr session attach work").runsHerdr)
        XCTAssertFalse(target("htop").runsHerdr)
        XCTAssertTrue(AttachTarget(displayName: "a", endpoint: endpoint, command: "herdr", host: nil).runsHerdr)
    }

    func testRegistryNameUsesTheHostsCommand() throws {
        let t = try AttachTarget.resolve("mac", in: [mac, win], localUser: "me")
        XCTAssertEqual(t.endpoint.description, "ann@mac.tail.ts.net:2222")
        XCTAssertEqual(t.command, #"exec "$SHELL" -lc 'herdr session attach work'"#)
        XCTAssertEqual(try AttachTarget.resolve("pc", in: [mac, win], localUser: "me").command, "herdr")
    }

    func testAddressDefaultsToLocalUserPort22AndUnixCommand() throws {
        let t = try AttachTarget.resolve("10.0.0.5", in: [], localUser: "me")
        XCTAssertEqual(t.endpoint, .init(host: "10.0.0.5", port: 22, user: "me"))
        XCTAssertEqual(t.command, #"exec "$SHELL" -lc 'herdr'"#)
        XCTAssertNil(t.host)
    }

    func testAddressOfARegisteredAccountKeepsItsSettings() throws {
        let t = try AttachTarget.resolve("bob@100.64.1.2", in: [mac, win], localUser: "me")
        XCTAssertEqual(t.displayName, "pc")
        XCTAssertEqual(t.command, "herdr")
    }

    func testIPv6WithPort() throws {
        let t = try AttachTarget.resolve("root@[::1]:2200", in: [], localUser: "me")
        XCTAssertEqual(t.endpoint, .init(host: "::1", port: 2200, user: "root"))
    }

    func testUnknownNameListsKnownHosts() {
        XCTAssertThrowsError(try AttachTarget.resolve("macbook", in: [mac], localUser: "me")) {
            XCTAssertEqual("\($0)", "no host named 'macbook'. Known hosts: mac. Use one of them or user@host[:port].")
        }
    }

    /// Issue 9 item 3: `attach NAME --session S` runs S's attach command this once.
    func testSessionOverrideChangesOnlyTheCommandAndIsNamedForReattaching() throws {
        let t = try AttachTarget.resolve("mac", in: [mac, win], localUser: "me").attaching(session: "play")
        XCTAssertEqual(t.command, #"exec "$SHELL" -lc 'herdr session attach play'"#)
        XCTAssertEqual(t.host, mac, "the registry entry itself is unchanged")
        XCTAssertEqual(t.endpoint.description, "ann@mac.tail.ts.net:2222")
        XCTAssertEqual(t.attachArguments, "mac --session play")
        XCTAssertEqual(try AttachTarget.resolve("pc", in: [win], localUser: "me").attaching(session: "w").command,
                       "herdr session attach w")
        let adHoc = try AttachTarget.resolve("bob@10.0.0.9", in: [], localUser: "me").attaching(session: "s1")
        XCTAssertEqual(adHoc.command, #"exec "$SHELL" -lc 'herdr session attach s1'"#)
        XCTAssertEqual(adHoc.attachArguments, "bob@10.0.0.9 --session s1")
        XCTAssertEqual(try AttachTarget.resolve("mac", in: [mac], localUser: "me").attachArguments, "mac")
    }

    func testSessionOverrideRefusesBadNamesAndCommandOverrides() throws {
        let target = try AttachTarget.resolve("mac", in: [mac], localUser: "me")
        for bad in ["-h", "--help", "a b", ".."] {
            XCTAssertThrowsError(try target.attaching(session: bad), bad) {
                XCTAssertEqual(($0 as? HostValidationError)?.field, "session")
            }
        }
        let custom = HostEntry(name: "custom", hostname: "c.lan", user: "u", command: "my-herdr")
        XCTAssertThrowsError(try AttachTarget.resolve("custom", in: [custom], localUser: "me").attaching(session: "s")) {
            XCTAssertEqual($0 as? AttachTargetError, .commandOverride("custom"))
            XCTAssertTrue("\($0)".contains("'drover hosts edit custom --no-command'"), "\($0)")
        }
    }

    func testAnAddressSharedBySeveralEntriesMustBeNamed() {
        let work = HostEntry(name: "mac-work", hostname: "mac.lan", user: "ann", session: "work")
        let play = HostEntry(name: "mac-play", hostname: "mac.lan", user: "ann", session: "play")
        XCTAssertThrowsError(try AttachTarget.resolve("ann@MAC.lan", in: [work, play], localUser: "me")) {
            XCTAssertEqual($0 as? AttachTargetError, .ambiguous("ann@MAC.lan", names: ["mac-work", "mac-play"]))
            XCTAssertTrue("\($0)".contains("e.g. 'drover attach mac-work'"), "\($0)")
        }
    }

    /// Issue 9 item 4: the advice names a command that exists for this kind of target.
    func testHerdrMissingAdviceNamesACommandThatWorks() throws {
        XCTAssertTrue(try AttachTarget.resolve("mac", in: [mac], localUser: "me").herdrMissingAdvice
            .contains("'drover hosts edit mac --command CMD --no-session'"), "a host with a session cannot take a command beside it")
        let adHoc = try AttachTarget.resolve("bob@10.0.0.9:2200", in: [], localUser: "me").herdrMissingAdvice
        XCTAssertTrue(adHoc.contains("'drover hosts add NAME bob@10.0.0.9:2200 --command CMD'"), adHoc)
        XCTAssertFalse(adHoc.contains("hosts edit"), adHoc)
    }

    /// A host's own command that is not found is named, not reported as a missing herdr.
    func testCommandMissingAdviceNamesTheCommand() throws {
        let lab = HostEntry(name: "lab", hostname: "lab.lan", user: "ann", command: "nosuchprog --flag")
        let advice = try AttachTarget.resolve("lab", in: [lab], localUser: "me").herdrMissingAdvice
        XCTAssertTrue(advice.contains("the command 'nosuchprog --flag' was not found there"), advice)
        XCTAssertFalse(advice.contains("herdr was not found"), advice)
    }

    /// A reattach hint repeats the one-off flags, shell-quoted, so it reaches the same host.
    func testAttachArgumentsRepeatTheOneOffFlags() throws {
        var target = try AttachTarget.resolve("u@127.0.0.1:40029", in: [], localUser: "me")
        target.oneOffArguments = ["-J", "box", "-i", "/keys/my key", "-p", "40029"]
        XCTAssertEqual(try target.attaching(session: "s1").attachArguments,
                       "u@127.0.0.1:40029 -J box -i '/keys/my key' -p 40029 --session s1")
        // Forwards are attach's alone: repeated by attach hints, left out of doctor's and key install's.
        target.oneOffArguments += ["-L", "8080:localhost:80", "-R", "9000:localhost:3000", "-A"]
        XCTAssertEqual(target.attachArguments,
                       "u@127.0.0.1:40029 -J box -i '/keys/my key' -p 40029 -L 8080:localhost:80 -R 9000:localhost:3000 -A")
        XCTAssertEqual(target.connectArguments, "u@127.0.0.1:40029 -J box -i '/keys/my key' -p 40029")
    }

    // ADR 0029: herdr's own command is told the terminal; a --command is left as written.
    func testAnnouncingSetsTheTerminalOnHerdrsCommandOnly() throws {
        let mac = HostEntry(name: "mac", hostname: "mac.local", user: "me", session: "work")
        let pc = HostEntry(name: "pc", hostname: "pc", user: "me", platform: .windows)
        let own = HostEntry(name: "own", hostname: "own", user: "me", command: "my-herdr --x")
        let hosts = [mac, pc, own]
        XCTAssertEqual(try AttachTarget.resolve("mac", in: hosts, localUser: "me").announcing(.ghostty).command,
                       #"exec env TERM_PROGRAM=ghostty "$SHELL" -lc 'herdr session attach work'"#)
        XCTAssertEqual(try AttachTarget.resolve("mac", in: hosts, localUser: "me").attaching(session: "play")
                        .announcing(.iTerm).command,
                       #"exec env TERM_PROGRAM=iTerm.app "$SHELL" -lc 'herdr session attach play'"#)
        XCTAssertEqual(try AttachTarget.resolve("pc", in: hosts, localUser: "me").announcing(.ghostty).command, "herdr")
        XCTAssertEqual(try AttachTarget.resolve("u@10.0.0.9", in: hosts, localUser: "me").announcing(.ghostty).command,
                       #"exec env TERM_PROGRAM=ghostty "$SHELL" -lc 'herdr'"#)
        XCTAssertEqual(try AttachTarget.resolve("own", in: hosts, localUser: "me").announcing(.ghostty).command,
                       "my-herdr --x")
    }
}

/// The connection plan: identity files after the key kinds, as ssh orders them.
final class ConnectionPlanOrderTests: XCTestCase {
    func testIdentityFilesComeAfterTheLastKeyKindAndNeverWithoutOne() {
        XCTAssertEqual(ConnectionPlan.credentialOrder([.deviceKey, .agent, .password]),
                       [.privateKeys, .agent, .identityFiles, .prompt])
        XCTAssertEqual(ConnectionPlan.credentialOrder([.agent, .password, .deviceKey]),
                       [.agent, .prompt, .privateKeys, .identityFiles])
        XCTAssertEqual(ConnectionPlan.credentialOrder([.password]), [.prompt], "a password-only host is offered no key")
    }

    func testDefaultFilesUnlessTheHostNamesItsOwnAndHomeExpands() throws {
        var host = HostEntry(name: "box", hostname: "box.lan", user: "ann")
        let plain = ConnectionPlan(target: AttachTarget(host: host), root: DroverRoot(path: "/nonexistent-root"),
                                   environment: ["HOME": "/home/ann"], options: SSHOptions())
        XCTAssertEqual(plain.identityFiles.map(\.path), ["/home/ann/.ssh/id_ed25519", "/home/ann/.ssh/id_ecdsa", "/home/ann/.ssh/id_rsa"])
        XCTAssertFalse(plain.identityNamed)
        XCTAssertEqual(plain.openSSHPins?.path, "/home/ann/.ssh/known_hosts")
        host.identity = ["~/work"]
        host.sshKnownHosts = false
        let named = ConnectionPlan(target: AttachTarget(host: host), root: DroverRoot(path: "/nonexistent-root"),
                                   environment: ["HOME": "/home/ann"], options: SSHOptions())
        XCTAssertEqual(named.identityFiles.map(\.display), ["~/work"])
        XCTAssertTrue(named.identityNamed)
        XCTAssertNil(named.openSSHPins, "the host turned ~/.ssh/known_hosts off")
        var off = SSHOptions()
        off.readsOpenSSHKnownHosts = false
        XCTAssertNil(ConnectionPlan(target: AttachTarget(host: HostEntry(name: "b", hostname: "b", user: "a")),
                                    root: DroverRoot(path: "/x"), environment: ["HOME": "/h"], options: off).openSSHPins,
                     "--no-ssh-known-hosts on attach")
    }
}
