import Files
import Foundation
import Hosts
import Identity
import LibC
import TestSupport
import XCTest
@testable import DroverCLI

/// Issue 28 through `ssh-check` and `doctor` (which resolve HOST as attach does), against a
/// real sshd and a test HOME with its own ~/.ssh/config: names the registry does not know
/// connect as `ssh -G` resolves them, with OpenSSH's reader and with Drover's own.
final class SSHConfigTargetTests: XCTestCase {
    private var sshd: TestSSHD!
    private var dir: TemporaryDirectory!
    private var home: String { dir.file("home") }
    private var config: String { home + "/.ssh/config" }
    private var env: [String: String] {
        ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser, "HOME": home, "PATH": "/usr/bin:/bin"]
    }
    private var user: String { TestSSHD.currentUser }
    private var boxKeyFingerprint = ""

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-sshconfig")
        sshd = try TestSSHD()
        try FileManager.default.createDirectory(atPath: home + "/.ssh/conf.d", withIntermediateDirectories: true)
        try sshd.authorize(DeviceKey.loadOrCreate(root: DroverRoot(path: dir.file("drover"))).publicLine)
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "box", "-f", home + "/.ssh/id_box"])
        try sshd.authorize(String(contentsOfFile: home + "/.ssh/id_box.pub", encoding: .utf8))
        boxKeyFingerprint = try Shell.run("/usr/bin/ssh-keygen", ["-lf", home + "/.ssh/id_box.pub"])
            .split(separator: " ")[1].description
        // Include (absolute: ssh finds ~ in the password database, not $HOME), Host * defaults, a
        // Match block, aliases, IdentityFile + IdentitiesOnly, ProxyJump, ssh -W, a generic ProxyCommand.
        try """
            Include \(home)/.ssh/conf.d/*
            Host *
                ConnectTimeout 7
            Match user no-such-user-drover
                Port 1
            Host box boxalias
                HostName 127.0.0.1
                Port \(sshd.port)
                User \(user)
                IdentityFile \(home)/.ssh/id_box
                IdentitiesOnly yes
                LocalForward 18080 127.0.0.1:18999
                RemoteForward 19090 127.0.0.1:80
            Host viajump
                HostName 127.0.0.1
                Port \(sshd.port)
                ProxyJump box
            Host viaproxy
                HostName 127.0.0.1
                Port \(sshd.port)
                ProxyCommand ssh -W %h:%p box
            Host generic
                HostName 127.0.0.1
                Port \(sshd.port)
                ProxyCommand /usr/bin/python3 relay.py %h %p

            """.write(toFile: config, atomically: true, encoding: .utf8)
        try "Host included\n    HostName 127.0.0.1\n    Port \(sshd.port)\n"
            .write(toFile: home + "/.ssh/conf.d/extra", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        sshd.tearDown()
        dir.remove()
    }

    /// `ssh -G -F CONFIG NAME`'s value of `keyword`.
    private func sshG(_ name: String, _ keyword: String) throws -> String {
        try OpenSSHConfig.value(keyword, for: name, config: config)
    }

    private func check(_ name: String, environment: [String: String]? = nil, file: StaticString = #filePath,
                       line: UInt = #line) -> CLIHarness {
        CLIHarness.checked(["ssh-check", "--yes", name, "--", "echo", "$(id -un)", "${SSH_CONNECTION##*", "}"],
                           environment: environment ?? env, file: file, line: line)
    }

    func testEveryNameOfTheConfigConnectsWithoutImportAsSSHGResolvesIt() throws {
        for name in ["box", "boxalias", "included", "viajump", "viaproxy"] {
            let h = check(name)
            XCTAssertEqual(h.out, "\(try sshG(name, "user")) \(try sshG(name, "port"))\n", "\(name): \(h.err)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("drover/hosts.json")), "nothing was imported")
        // IdentityFile + IdentitiesOnly: box's own key logged in at box and as the hop of viajump and viaproxy.
        XCTAssertTrue(sshd.waitForLog { $0.components(separatedBy: boxKeyFingerprint).count > 4 }, sshd.log)
    }

    func testDroversOwnReaderResolvesTheSameWithoutAnOpenSSHClient() throws {
        var noSSH = env
        noSSH["PATH"] = dir.file("empty-bin")
        for name in ["box", "included", "viajump", "viaproxy"] {
            XCTAssertEqual(check(name, environment: noSSH).out, "\(try sshG(name, "user")) \(try sshG(name, "port"))\n", name)
        }
    }

    func testANewHostBlockWorksAtOnce() throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: config))
        handle.seekToEndOfFile()
        handle.write(Data("Host fresh\n    HostName 127.0.0.1\n    Port \(sshd.port)\n".utf8))
        try handle.close()
        XCTAssertEqual(check("fresh").out, "\(user) \(sshd.port)\n")
    }

    func testOneOffFlagsReachAnAddressWithoutARegistryEntry() throws {
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "other", "-f", dir.file("other")])
        try sshd.authorize(String(contentsOfFile: dir.file("other.pub"), encoding: .utf8))
        let other = try Shell.run("/usr/bin/ssh-keygen", ["-lf", dir.file("other.pub")]).split(separator: " ")[1].description
        let h = CLIHarness.checked(["ssh-check", "--yes", "nobody@127.0.0.1:1", "--", "echo", "$(id -un)"],
                                   environment: env, expect: 1)
        XCTAssertFalse(h.err.isEmpty)
        let doctor = CLIHarness.checked(["doctor", "--yes", "nobody@127.0.0.1:1", "-J", "box", "-i", dir.file("other"),
                                         "-p", String(sshd.port), "-l", user, "-L", "18081:127.0.0.1:18999", "-A"],
                                        environment: env)
        XCTAssertTrue(doctor.out.contains("Through jump hosts, in order: box"), doctor.out)
        XCTAssertTrue(doctor.out.contains("Forwards: 18081 → 127.0.0.1:18999"), doctor.out)
        // Issue 28 follow-up: the line that says how to attach the same way repeats -L and -A too.
        XCTAssertTrue(doctor.out.contains("'drover attach nobody@127.0.0.1:1 -J box -i \(dir.file("other")) -p \(sshd.port) -l \(user) "
                                          + "-A -L 18081:127.0.0.1:18999' connects the same way"), doctor.out)
        XCTAssertTrue(doctor.out.contains("All steps worked"), doctor.out)
        XCTAssertTrue(sshd.waitForLog { $0.contains(other) }, "-i's key logged in at the target:\n\(sshd.log)")
    }

    /// A bare address with -p and -l (nothing else one-off): the flags reach it, and the advice
    /// repeats them (issue 32; the flags were once dropped for a bare address, port 22 tried).
    func testPortAndLoginFlagsReachABareAddress() {
        let doctor = CLIHarness.checked(["doctor", "--yes", "127.0.0.1", "-p", String(sshd.port), "-l", user], environment: env)
        XCTAssertTrue(doctor.out.contains("address: 127.0.0.1, port \(sshd.port), user \(user)"), doctor.out)
        XCTAssertTrue(doctor.out.contains("'drover attach 127.0.0.1 -p \(sshd.port) -l \(user)' connects the same way"), doctor.out)
    }

    /// Trial finding: doctor of a config name that is not registered advised
    /// 'drover hosts edit included', which says "no host named 'included'"; its advice now names
    /// an attach that reaches the same host, one-off flags included.
    func testDoctorOfAnUnregisteredNameAdvisesAnAttachThatWorks() {
        let doctor = CLIHarness.checked(["doctor", "--yes", "included", "-l", user], environment: env)
        XCTAssertFalse(doctor.out.contains("hosts edit"), doctor.out)
        XCTAssertTrue(doctor.out.contains("'drover attach included -l \(user) --forward-agent'"), doctor.out)
        XCTAssertTrue(doctor.out.contains("'drover attach included -l \(user)' connects the same way"), doctor.out)
        let plain = CLIHarness.checked(["doctor", "--yes", "box"], environment: env)
        XCTAssertTrue(plain.out.contains("turn it on with 'drover hosts add box --ssh-config box --forward-agent', "
                                         + "or this time with 'drover attach box --forward-agent'"), plain.out)
    }

    func testDoctorListsTheSettingsDroverDoesNotUseOnceInOneLine() {
        let doctor = CLIHarness.checked(["doctor", "--yes", "box"], environment: env)
        let lines = doctor.out.split(separator: "\n").filter { $0.hasPrefix("ssh_config settings Drover does not use") }
        // (The system file may add its own, e.g. Debian's SendEnv: ssh reads it too.)
        XCTAssertFalse(lines.contains { $0.lowercased().contains("forward") }, "RemoteForward is used now:\n\(doctor.out)")
        XCTAssertTrue(doctor.out.contains("Remote forwards: remote 19090 → 127.0.0.1:80"), doctor.out)
        XCTAssertTrue(doctor.out.contains("Forwards: 18080 → 127.0.0.1:18999"), "LocalForward is used:\n\(doctor.out)")
    }

    /// The line's presence and text, end to end: one line naming what the config sets that
    /// Drover cannot honour (attach never shows it: AttachSSHConfigTests).
    func testDoctorNamesTheSettingsDroverCannotHonourInOneLine() throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: config))
        handle.seekToEndOfFile()
        handle.write(Data("Host odd\n    HostName 127.0.0.1\n    Port \(sshd.port)\n    DynamicForward 1080\n    SendEnv DROVER_ODD\n".utf8))
        try handle.close()
        let doctor = CLIHarness.checked(["doctor", "--yes", "odd"], environment: env)
        let lines = doctor.out.split(separator: "\n").filter { $0.contains("ssh_config settings Drover does not use") }
        XCTAssertEqual(lines, ["ssh_config settings Drover does not use for odd: DynamicForward 1080, SendEnv DROVER_ODD"],
                       doctor.out)
        XCTAssertTrue(doctor.out.contains("All steps worked"), doctor.out)
    }

    /// An `ssh` that prints without end is read only so far, and stopped with a clear error.
    func testAnSSHThatPrintsTooMuchIsStoppedWithAClearError() throws {
        let bin = dir.file("noisy-bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\nexec yes 'hostname 127.0.0.1'\n".write(toFile: bin + "/ssh", atomically: true, encoding: .utf8)
        chmod(bin + "/ssh", 0o755)
        var noisy = env
        noisy["PATH"] = bin + ":/usr/bin:/bin"
        let h = CLIHarness.checked(["ssh-check", "--yes", "box", "--", "true"], environment: noisy, expect: 1)
        XCTAssertTrue(h.err.contains("\(bin)/ssh -G printed more than 256 KiB for 'box' (OpenSSH prints a few KiB), "
                                     + "so Drover stopped reading it"), h.err)
        XCTAssertFalse(sshd.log.contains("Connection from"), "nothing was connected:\n\(sshd.log)")
    }

    /// A bare name that neither the registry nor the config maps is an address, as `ssh NAME`
    /// takes it (ssh -G: HostName NAME, port 22, the local user), once it resolves; one that
    /// does not resolve is refused with the registry name it may be a typo of, and how to add it.
    func testABareNameNothingMapsIsAnAddressOnceItResolves() throws {
        let list = HostList([HostEntry(name: "demo", hostname: "10.0.0.9", user: "ann")])
        func resolver(resolving: Bool, home: String) -> TargetResolver {
            TargetResolver(list: list, lookup: SSHConfigLookup(environment: ["HOME": home, "PATH": "/usr/bin:/bin"]),
                           flags: nil, localUser: user, nameLookup: { _ in resolving ? nil : "Name or service not known" })
        }
        for home in [home, dir.file("home-without-config")] {
            var found = resolver(resolving: true, home: home)
            let target = try found.resolve("demmo")
            XCTAssertEqual(target.endpoint.description, "\(user)@demmo")
            XCTAssertFalse(target.isRegistered)
            XCTAssertEqual(target.nearMissNote, "'demmo' is not a registered host (did you mean 'demo'?); connecting to it as an address")
            XCTAssertNil(try found.resolve("elsewhere").nearMissNote, "not close to any registry name")
            var missing = resolver(resolving: false, home: home)
            XCTAssertThrowsError(try missing.resolve("demmo")) { error in
                let text = HostNameSuggestion.message(for: error, registered: { [] }) ?? ""
                XCTAssertTrue(text.hasPrefix("no host named 'demmo'. Did you mean 'demo'? Known hosts: demo"), text)
                XCTAssertTrue(text.contains(") does not resolve as an address (Name or service not known): use that name, "
                                            + "or give user@host[:port]."), text)
                XCTAssertFalse(text.contains("hosts add demmo"), "a close name exists: the typo is not to be registered")
            }
            // ssh -G lowercases the name it prints as HostName: still the name as typed.
            XCTAssertThrowsError(try missing.resolve("DEMMO")) { XCTAssertTrue($0 is UnresolvedHostName, "\($0)") }
        }
        XCTAssertEqual([try sshG("demmo", "hostname"), try sshG("demmo", "port"), try sshG("demmo", "user")], ["demmo", "22", user])
        let typo = CLIHarness.checked(["attach", "boxx.invalid"], environment: env, expect: 1)
        XCTAssertTrue(typo.err.contains("'boxx.invalid' (~/.ssh/config gives it no HostName) does not resolve as an address"), typo.err)
    }

    /// A registered host's own address is that host, its jump included, even where the address
    /// does not resolve here (only the jump host can resolve it).
    func testARegisteredHostsOwnAddressKeepsItsJumpWithoutResolvingHere() throws {
        var db = HostEntry(name: "db", hostname: "db.internal", user: user)
        db.jump = ["bastion"]
        let list = HostList([db, HostEntry(name: "bastion", hostname: "10.0.0.1", user: user)])
        for home in [home, dir.file("home-without-config")] {
            var lookups: [String] = []
            var resolver = TargetResolver(list: list, lookup: SSHConfigLookup(environment: ["HOME": home, "PATH": "/usr/bin:/bin"]),
                                          flags: nil, localUser: user,
                                          nameLookup: { lookups.append($0); return "Name or service not known" })
            let target = try resolver.resolve("db.internal")
            XCTAssertEqual(target.jumps.map(\.name), ["bastion"], home)
            XCTAssertEqual(target.endpoint.host, "db.internal")
            XCTAssertEqual(lookups, [], "no DNS check for the registered account")
            XCTAssertNil(target.nearMissNote)
        }
    }

    /// A name that resolves but is a near miss of a registry name connects (as ssh would), and
    /// doctor says so first.
    func testDoctorOfANearMissOfARegistryNameSaysSoAndConnects() throws {
        try HostStore(root: DroverRoot(path: dir.file("drover")), localUser: user)
            .add(HostEntry(name: "localhots", hostname: "10.0.0.9", user: "ann"))
        let doctor = CLIHarness.checked(["doctor", "--yes", "localhost", "-p", "\(sshd.port)", "-l", user], environment: env)
        XCTAssertTrue(doctor.out.hasPrefix("Note: 'localhost' is not a registered host (did you mean 'localhots'?); "
                                           + "connecting to it as an address.\n"), doctor.out)
    }

    func testAConfigSSHRefusesAnIncludeLoopAndBadFlagsAreClearErrors() throws {
        let spec = CLIHarness.checked(["attach", "x@127.0.0.1", "-L", "8080:nowhere"], environment: env, expect: 2)
        XCTAssertTrue(spec.err.contains("--forward: "), spec.err)
        try "Include \(config)\n".write(toFile: home + "/.ssh/conf.d/extra", atomically: true, encoding: .utf8)
        let loop = CLIHarness.checked(["ssh-check", "box", "--", "true"], environment: env, expect: 1)
        XCTAssertTrue(loop.err.contains("ssh cannot read its config (~/.ssh/config and the system's) for 'box'"), loop.err)
        // The advice reads the same file Drover read (this HOME is not the account's, so -F names it).
        XCTAssertTrue(loop.err.contains("Fix the config ('ssh -F \(config) -G box' shows the same)"), loop.err)
        var noSSH = env
        noSSH["PATH"] = dir.file("empty-bin")
        let own = CLIHarness.checked(["ssh-check", "box", "--", "true"], environment: noSSH, expect: 1)
        XCTAssertTrue(own.err.contains("an Include loops"), own.err)

        try "Host box\n    NoSuchKeyword yes\n".write(toFile: config, atomically: true, encoding: .utf8)
        let bad = CLIHarness.checked(["doctor", "box"], environment: env, expect: 1)
        XCTAssertTrue(bad.err.contains("Bad configuration option: nosuchkeyword"), bad.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("drover/hosts.json")), "nothing changed")
    }

    func testAnEntryThatFollowsAHostTakesItsSettingsAtEachAttach() throws {
        CLIHarness.checked(["hosts", "add", "work", "--ssh-config", "box", "--session", "main"], environment: env)
        XCTAssertEqual(check("work").out, "\(user) \(sshd.port)\n")
        let moved = try TestSSHD()
        defer { moved.tearDown() }
        try moved.authorize(String(contentsOfFile: home + "/.ssh/id_box.pub", encoding: .utf8))
        let text = try String(contentsOfFile: config, encoding: .utf8)
        try text.replacingOccurrences(of: "Port \(sshd.port)", with: "Port \(moved.port)")
            .write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertEqual(check("work").out, "\(user) \(moved.port)\n", "the entry follows the config at once")
        let show = CLIHarness.checked(["hosts", "show", "work"], environment: env).out
        XCTAssertTrue(show.contains("ssh-config:") && show.contains("session:          main"), show)
    }

    /// Advice that registers a host the config gave follows its Host: the resolved address
    /// would lose its ProxyJump and IdentityFile.
    func testAConfigHostIsRegisteredByFollowingItsHost() throws {
        var resolver = TargetResolver(list: HostList([]), lookup: SSHConfigLookup(environment: env), flags: nil, localUser: user)
        XCTAssertEqual(try resolver.resolve("viajump").registerArguments, "--ssh-config viajump")
    }
}
