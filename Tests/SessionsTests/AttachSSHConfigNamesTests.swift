import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 28's acceptance through `drover attach NAME` alone: every kind of name a realistic
/// ~/.ssh/config gives attaches without import, at the HostName, User and Port `ssh -G NAME`
/// gives (the host's own SSH_CONNECTION and `id -un` say where it landed), a block added
/// later attaches at once, ConnectTimeout bounds a host that never answers, and a bare name
/// that nothing maps attaches as an address, as `ssh NAME` would.
final class AttachSSHConfigNamesTests: XCTestCase {
    private var harness: AttachHarness!
    private var userHome: TemporaryDirectory!
    private var silent: SilentListener!
    private var config: String { userHome.file(".ssh/config") }
    private let user = TestSSHD.currentUser

    override func setUpWithError() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 160, height: 30)
        userHome = try TemporaryDirectory(prefix: "drover-sshconfig-names")
        chmod(userHome.path, 0o755)
        try FileManager.default.createDirectory(atPath: userHome.file(".ssh/conf.d"), withIntermediateDirectories: true)
        silent = try SilentListener(backlog: 0)
    }

    override func tearDown() {
        harness?.tearDown()
        userHome?.remove()
    }

    /// `ssh -G -F CONFIG NAME`'s value of `keyword`.
    private func sshG(_ name: String, _ keyword: String) throws -> String {
        try OpenSSHConfig.value(keyword, for: name, config: config)
    }

    /// `drover attach NAME [options]` in the pane, answering a first-contact question; returns
    /// the screen once the host's RemoteCommand has printed where it landed, then exits and
    /// clears the pane (so each run's `EXIT=` is the first on it).
    @discardableResult
    private func attach(_ name: String, options: String = "") throws -> String {
        try harness.startAttach(environment: "HOME=\(userHome.path)", hosts: [name], options: options)
        let seen = try harness.waitUntil("\(name) attached or a trust question", timeout: 30) {
            $0.contains("Type 'yes' to trust") || $0.contains("-end")
        }
        if seen.contains("Type 'yes' to trust") { try harness.type("yes\n") }
        let screen = try harness.waitFor("-end", timeout: 30)
        try harness.type("exit\n")
        XCTAssertEqual(try harness.waitForExit().status, 0, name)
        try clear()
        return screen
    }

    private func clear() throws {
        try harness.type("clear\n")
        try harness.waitUntil("a clear outer screen") { !$0.contains("EXIT=") }
    }

    /// Where `name` landed, as the host printed it: `at-USER-ADDRESS-PORT-end`.
    private func landed(_ screen: String) -> String {
        screen.split(separator: "\n").first { $0.hasPrefix("at-") }.map { String($0) } ?? screen
    }

    func testEveryKindOfConfigNameAttachesWhereSSHGSaysAndANewBlockAtOnce() throws {
        let port = harness.sshd.port
        let key = userHome.file(".ssh/id_box")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "box", "-f", key])
        try harness.sshd.authorize(String(contentsOfFile: key + ".pub", encoding: .utf8))
        let boxKey = try Shell.run("/usr/bin/ssh-keygen", ["-lf", key + ".pub"]).split(separator: " ")[1]
        let relay = try ProxyRelay.write(to: userHome.file("relay.py"))
        let localPort = try TestSSHD.freePort()
        let web = try TemporaryDirectory(prefix: "drover-sshconfig-web")
        defer { web.remove() }
        // Include (absolute: ssh finds ~ in the password database), a Match block that matches,
        // aliases, IdentityFile + IdentitiesOnly, LocalForward, ProxyJump, ssh -W, a generic
        // ProxyCommand, a ConnectTimeout of its own, and Host * defaults last (first value wins).
        try """
            Include \(userHome.file(".ssh/conf.d"))/*
            Match originalhost matched
                HostName 127.0.0.1
                Port \(port)
            Host box boxalias
                HostName 127.0.0.1
                Port \(port)
                User \(user)
                IdentityFile \(key)
                IdentitiesOnly yes
                LocalForward \(localPort) 127.0.0.1:\(harness.sshd.port)
            Host viajump
                HostName 127.0.0.1
                Port \(port)
                ProxyJump box
            Host viaproxy
                HostName 127.0.0.1
                Port \(port)
                ProxyCommand ssh -W %h:%p box
            Host generic
                HostName 127.0.0.1
                Port \(port)
                ProxyCommand /usr/bin/python3 \(relay) %h %p \(userHome.file("relay.pid"))
            Host slow
                HostName 127.0.0.1
                Port \(silent.port)
                ConnectTimeout 2
            Host *
                ConnectTimeout 20
                RemoteCommand set -- $SSH_CONNECTION; echo at-$(id -un)-$3-$4-end; exec /bin/sh

            """.write(toFile: config, atomically: true, encoding: .utf8)
        try "Host included\n    HostName 127.0.0.1\n    Port \(port)\n"
            .write(toFile: userHome.file(".ssh/conf.d/extra"), atomically: true, encoding: .utf8)

        for name in ["box", "boxalias", "matched", "included", "viajump", "viaproxy", "generic"] {
            let want = "at-\(try sshG(name, "user"))-\(try sshG(name, "hostname"))-\(try sshG(name, "port"))-end"
            XCTAssertEqual(landed(try attach(name)), want, name)
        }
        // IdentityFile + IdentitiesOnly: box's key logged in at box and as the hop of viajump and viaproxy.
        XCTAssertTrue(harness.sshd.waitForLog { $0.components(separatedBy: String(boxKey)).count > 4 }, harness.sshd.log)
        XCTAssertTrue(try ProxyRelay.pid(in: userHome.file("relay.pid")) > 0, "generic went through its relay")

        // The forward answers while box is attached (it leads to the sshd: its greeting).
        try harness.startAttach(environment: "HOME=\(userHome.path)", hosts: ["box"])
        try harness.waitFor("-end", timeout: 30)
        let greeting = try Shell.run("/usr/bin/python3", ["-c", "import socket, sys; "
            + "s = socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=20); print(s.recv(7).decode())",
            String(localPort)])
        XCTAssertEqual(greeting, "SSH-2.0\n")
        try harness.type("exit\n")
        XCTAssertEqual(try harness.waitForExit().status, 0)
        try clear()

        // ConnectTimeout: a black-holed address (SYNs dropped) ends with the timeout it set.
        try silent.fillBacklog()
        try harness.startAttach(environment: "HOME=\(userHome.path)", hosts: ["slow"])
        let (status, screen) = try harness.waitForExit()
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(screen.replacingOccurrences(of: "\n", with: "").contains("did not answer within 2 s while connecting"), screen)
        try clear()

        // A Host block added now attaches at once.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: config))
        handle.seekToEndOfFile()
        handle.write(Data("Host fresh\n    HostName 127.0.0.1\n    Port \(port)\n".utf8))
        try handle.close()
        XCTAssertEqual(landed(try attach("fresh")), "at-\(user)-127.0.0.1-\(port)-end")
        XCTAssertFalse(FileManager.default.fileExists(atPath: harness.home + "/hosts.json"), "nothing was imported")
    }

    /// The machine's own single-label hostname when it resolves to the loopback address the
    /// test sshd listens on (nil otherwise: the test is skipped with why).
    private func loopbackHostname() throws -> String? {
        let name = try Shell.run("/bin/hostname", []).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, !name.contains("."), name != "localhost",
              let addresses = try? Shell.run("/usr/bin/getent", ["ahostsv4", name]) else { return nil }
        return addresses.split(separator: "\n").contains { $0.hasPrefix("127.0.0.1 ") } ? name : nil
    }

    /// A name that neither the registry nor a Host block maps is an address, as for `ssh NAME`
    /// (here the machine's own hostname, a single label that only DNS knows; `-p` as ssh's),
    /// with and without a config; a near miss of a registry name says so first; a name that
    /// does not resolve is refused before anything connects.
    func testABareNameNothingMapsAttachesAsAnAddress() throws {
        guard let name = try loopbackHostname() else {
            throw XCTSkip("this machine's hostname is not a single label resolving to 127.0.0.1 (see /etc/hosts)")
        }
        let port = harness.sshd.port
        try harness.drover(["hosts", "add", name + "x", "ann@10.0.0.9"])
        // No ~/.ssh/config: ssh's defaults. This host has no herdr, so the run ends once logged in.
        try harness.startAttach(environment: "HOME=\(userHome.path)", hosts: [name], options: "-p \(port)")
        try harness.waitFor("Type 'yes' to trust")
        try harness.type("yes\n")
        XCTAssertTrue(harness.sshd.waitForLog { $0.contains("Accepted publickey for \(user)") }, harness.sshd.log)
        let (_, screen) = try harness.waitForExit()
        XCTAssertTrue(screen.contains("Note: '\(name)' is not a registered host (did you mean '\(name)x'?); connecting to it as an address."),
                      screen)
        try clear()
        // A config that does not name it: the same address, with its Host * settings.
        try "Host other\n    HostName 10.0.0.1\nHost *\n    RemoteCommand echo at-$(id -un)-end; exec /bin/sh\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertEqual(landed(try attach(name, options: "-p \(port)")), "at-\(user)-end")
        try harness.startAttach(environment: "HOME=\(userHome.path)", hosts: ["nosuchhost-drover.invalid"])
        let (status, failed) = try harness.waitForExit()
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(failed.replacingOccurrences(of: "\n", with: "").contains("does not resolve as an address"), failed)
    }
}
