import Files
import Foundation
import Identity
import SSH
import TestSupport
import XCTest
@testable import DroverCLI

/// What Drover proposes in the key exchange (ADR 0021), seen from real sshds on loopback: the
/// proposal in the server's own log, an RSA-only host, and a server restricted to weak
/// algorithms, refused with the command that allows them, then connected with it.
final class AlgorithmsCLITests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser, "HOME": dir.file("home")] }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-algorithms")
        try FileManager.default.createDirectory(atPath: dir.file("home") + "/.ssh", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() { dir.remove() }

    private func sshd(_ config: [String] = [], hostKeyType: String = "ed25519") throws -> TestSSHD {
        let sshd = try TestSSHD(extraConfig: config, hostKeyType: hostKeyType)
        try sshd.authorize(try DeviceKey.loadOrCreate(root: DroverRoot(path: dir.file("drover"))).publicLine)
        return sshd
    }

    private func target(_ sshd: TestSSHD) -> String { "\(TestSSHD.currentUser)@127.0.0.1:\(sshd.port)" }

    /// sshd logs the client's KEXINIT proposal at DEBUG2, one line per list (CR LF ended).
    func testTheServerSeesAModernProposalWithStrictKEX() throws {
        let sshd = try sshd(["LogLevel DEBUG2"])
        defer { sshd.tearDown() }
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", target(sshd), "--yes"), 0, h.err)
        // AES-GCM first where the CPU does AES in hardware, else ChaCha20-Poly1305 (ADR 0034).
        let cipher = SSHAlgorithms.modern(.cipher)[0]
        XCTAssertTrue(h.out.contains("  negotiated: key exchange curve25519-sha256, host key ssh-ed25519, "
                                     + "cipher \(cipher) (its own MAC)"), h.out)
        XCTAssertFalse(h.out.contains("WEAK"), h.out)
        XCTAssertTrue(sshd.waitForLog { $0.contains("peer client KEXINIT proposal") && $0.contains("MACs stoc:") }, sshd.log)
        let log = sshd.log
        let start = try XCTUnwrap(log.range(of: "peer client KEXINIT proposal"))
        let proposal = log[start.upperBound...].split(whereSeparator: \.isNewline).prefix(8).joined(separator: "\n")
        XCTAssertTrue(proposal.contains("KEX algorithms: ext-info-c,kex-strict-c-v00@openssh.com,curve25519-sha256,"), proposal)
        XCTAssertTrue(proposal.contains("ciphers ctos: \(cipher),"), proposal)
        XCTAssertTrue(proposal.contains("MACs ctos: hmac-sha2-256-etm@openssh.com,"), proposal)
        for weak in ["arcfour", "3des-cbc", "-cbc", "hmac-md5", "hmac-sha1", "diffie-hellman-group1-sha1",
                     "diffie-hellman-group14-sha1", "ssh-rsa", "ssh-dss"] {
            XCTAssertFalse(proposal.contains(weak), "\(weak) proposed:\n\(proposal)")
        }
    }

    func testAnRSAOnlyHostIsPinnedThenVerified() throws {
        let sshd = try sshd(hostKeyType: "rsa")
        defer { sshd.tearDown() }
        let fingerprint = try sshd.hostKeyFingerprint()
        let first = CLIHarness(environment: env)
        XCTAssertEqual(first.run("doctor", target(sshd), "--yes"), 0, first.err)
        XCTAssertTrue(first.out.contains("ssh-rsa \(fingerprint) (newly pinned)"), first.out)
        XCTAssertTrue(first.out.contains("host key rsa-sha2-512"), first.out)
        let again = CLIHarness(environment: env)
        XCTAssertEqual(again.run("doctor", target(sshd)), 0, again.err)
        XCTAssertTrue(again.out.contains("ssh-rsa \(fingerprint) (pinned)"), again.out)
        XCTAssertTrue(again.out.contains("  host key types offered, in order: rsa-sha2-512, rsa-sha2-256, ssh-ed25519"),
                      "the pinned RSA key is asked for first: \(again.out)")
    }

    /// The message names the server's offers and a command; that very command makes it connect,
    /// and doctor then names each weak algorithm in use.
    func testALegacyOnlyServerIsRefusedWithTheCommandThatAllowsIt() throws {
        let sshd = try sshd(["KexAlgorithms diffie-hellman-group14-sha1", "Ciphers aes128-cbc", "MACs hmac-sha1"])
        defer { sshd.tearDown() }
        let names = "diffie-hellman-group14-sha1,aes128-cbc,hmac-sha1"
        let adHoc = CLIHarness(environment: env)
        XCTAssertEqual(adHoc.run("doctor", target(sshd), "--yes"), 1)
        XCTAssertTrue(adHoc.err.contains("127.0.0.1:\(sshd.port) offers only weak algorithms "
                                         + "(key exchange: diffie-hellman-group14-sha1; ciphers: aes128-cbc; MACs: hmac-sha1)"),
                      adHoc.err)
        XCTAssertTrue(adHoc.err.contains("'drover attach \(target(sshd)) --legacy-algorithms \(names)'"), adHoc.err)
        let once = CLIHarness(environment: env)
        XCTAssertEqual(once.run("doctor", target(sshd), "--yes", "--legacy-algorithms", names), 0, once.err)
        XCTAssertFalse(once.out.contains("hosts edit"), "allowed for this run only: no setting to drop: \(once.out)")
        let script = CLIHarness(environment: env)
        XCTAssertEqual(script.run("ssh-check", target(sshd), "--legacy-algorithms", names, "--", "echo", "old"), 0, script.err)
        XCTAssertEqual(script.out, "old\n")

        CLIHarness.checked(["hosts", "add", "old", target(sshd)], environment: env)
        let refused = CLIHarness(environment: env)
        XCTAssertEqual(refused.run("doctor", "old"), 1)
        let command = try XCTUnwrap(refused.err.components(separatedBy: "'").first { $0.hasPrefix("drover hosts edit old ") },
                                    refused.err)
        XCTAssertEqual(command, "drover hosts edit old --legacy-algorithms \(names)")
        CLIHarness.checked(Array(command.split(separator: " ").dropFirst().map(String.init)), environment: env)

        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", "old"), 0, h.err)
        XCTAssertTrue(h.out.contains("  WEAK algorithms allowed (--legacy-algorithms), after the modern ones: "
                                     + "diffie-hellman-group14-sha1, aes128-cbc, hmac-sha1"), h.out)
        XCTAssertTrue(h.out.contains("  WEAK: this connection uses diffie-hellman-group14-sha1 (key exchange), "
                                     + "aes128-cbc (cipher), hmac-sha1 (MAC)"), h.out)
        XCTAssertTrue(h.out.contains("drop that setting ('drover hosts edit old --no-legacy-algorithms')"), h.out)
    }

    /// Behind a jump host the server's offer is read from the tunnel (no second connection); the
    /// target's setting is the target's alone: the jump host's sshd never sees a weak name.
    func testALegacyOnlyServerBehindAJumpHostIsNamedToo() throws {
        let hop = try sshd(["LogLevel DEBUG2"])
        defer { hop.tearDown() }
        let old = try sshd(["KexAlgorithms diffie-hellman-group14-sha1", "Ciphers aes128-cbc", "MACs hmac-sha1"])
        defer { old.tearDown() }
        CLIHarness.checked(["hosts", "add", "hop", target(hop)], environment: env)
        CLIHarness.checked(["hosts", "add", "old", target(old), "--jump", "hop"], environment: env)
        let refused = CLIHarness(environment: env)
        XCTAssertEqual(refused.run("doctor", "old", "--yes"), 1)
        XCTAssertTrue(refused.err.contains("127.0.0.1:\(old.port) offers only weak algorithms"), refused.err)
        let command = try XCTUnwrap(refused.err.components(separatedBy: "'").first { $0.hasPrefix("drover hosts edit old ") },
                                    refused.err)
        XCTAssertEqual(command, "drover hosts edit old --legacy-algorithms diffie-hellman-group14-sha1,aes128-cbc,hmac-sha1")
        CLIHarness.checked(Array(command.split(separator: " ").dropFirst().map(String.init)), environment: env)

        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", "old", "--yes"), 0, h.err)
        XCTAssertTrue(h.out.contains("  WEAK: this connection uses diffie-hellman-group14-sha1 (key exchange)"), h.out)
        let proposals = hop.log.components(separatedBy: "peer client KEXINIT proposal").dropFirst()
        XCTAssertFalse(proposals.isEmpty, hop.log)
        for proposal in proposals {
            let lists = proposal.split(whereSeparator: \.isNewline).prefix(8).joined(separator: "\n")
            XCTAssertFalse(lists.contains("-cbc") || lists.contains("sha1"), "the jump host was offered weak ones:\n\(lists)")
        }
    }

    /// A legacy-only jump hop given as an address: the message's two commands, followed as
    /// written, connect; the hop's setting stays the hop's (the target's sshd sees no weak name).
    func testALegacyOnlyAddressHopIsRegisteredAsTheMessageSays() throws {
        let hop = try sshd(["KexAlgorithms diffie-hellman-group14-sha1", "Ciphers aes128-cbc", "MACs hmac-sha1"])
        defer { hop.tearDown() }
        let inner = try sshd(["LogLevel DEBUG2"])
        defer { inner.tearDown() }
        CLIHarness.checked(["hosts", "add", "tgt", target(inner), "--jump", target(hop)], environment: env)
        let refused = CLIHarness(environment: env)
        XCTAssertEqual(refused.run("doctor", "tgt", "--yes"), 1)
        let add = try XCTUnwrap(refused.err.components(separatedBy: "'").first { $0.hasPrefix("drover hosts add NAME ") },
                                refused.err)
        XCTAssertTrue(refused.err.contains("then put NAME in place of \(target(hop)) in the jump list of the host you attach "
                                           + "('drover hosts edit HOST --jump ...')"), refused.err)
        let words = add.replacingOccurrences(of: "NAME", with: "oldhop").split(separator: " ").dropFirst().map(String.init)
        CLIHarness.checked(words, environment: env)
        CLIHarness.checked(["hosts", "edit", "tgt", "--jump", "oldhop"], environment: env)
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", "tgt", "--yes"), 0, h.err)
        XCTAssertFalse(h.out.contains("WEAK:"), "the target's own connection is modern: \(h.out)")
        let proposal = try XCTUnwrap(inner.log.components(separatedBy: "peer client KEXINIT proposal").last)
        let lists = proposal.split(whereSeparator: \.isNewline).prefix(8).joined(separator: "\n")
        XCTAssertFalse(lists.contains("-cbc") || lists.contains("sha1"), "the hop's setting leaked:\n\(lists)")
    }

    /// `Ciphers +aes128-cbc` and the like in ~/.ssh/config become the host's setting on import.
    func testAnImportedSSHConfigAllowsWhatItAdds() throws {
        let old = try sshd(["KexAlgorithms diffie-hellman-group14-sha1", "Ciphers aes128-cbc", "MACs hmac-sha1"])
        defer { old.tearDown() }
        let config = dir.file("home/.ssh/config")
        try """
            Host old
              HostName 127.0.0.1
              Port \(old.port)
              User \(TestSSHD.currentUser)
              KexAlgorithms +diffie-hellman-group14-sha1
              Ciphers +aes128-cbc
              MACs +hmac-sha1,umac-64@openssh.com
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let imported = CLIHarness.checked(["hosts", "import-ssh-config"], environment: env).out
        XCTAssertTrue(imported.contains("  legacy algorithms: diffie-hellman-group14-sha1,aes128-cbc,hmac-sha1 (weak; "), imported)
        XCTAssertTrue(imported.contains("MACs (line 7: umac-64@openssh.com not available in Drover)"), imported)
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor", "old", "--yes"), 0, h.err)
        XCTAssertTrue(h.out.contains("  WEAK: this connection uses diffie-hellman-group14-sha1 (key exchange)"), h.out)
    }

    func testTheSettingTakesOnlyWeakNamesThisLibssh2Knows() throws {
        let unknown = CLIHarness(environment: env)
        XCTAssertEqual(unknown.run("hosts", "add", "box", "127.0.0.1", "--legacy-algorithms", "aes128-cbc,rot13"), 2)
        XCTAssertTrue(unknown.err.contains("'rot13' is not a weak algorithm libssh2 \(VersionNumber.libssh2) can use"), unknown.err)
        XCTAssertTrue(unknown.err.contains("ciphers: aes256-cbc, aes192-cbc, aes128-cbc"), unknown.err)
        let modern = CLIHarness(environment: env)
        XCTAssertEqual(modern.run("hosts", "add", "box", "127.0.0.1", "--legacy-algorithms", "aes128-ctr"), 2)
        XCTAssertTrue(modern.err.contains("aes128-ctr is not weak; Drover offers it to every host already"), modern.err)

        CLIHarness.checked(["hosts", "add", "box", "127.0.0.1", "--legacy-algorithms", "HMAC-SHA1, ssh-rsa"], environment: env)
        XCTAssertTrue(CLIHarness.checked(["hosts", "show", "box"], environment: env).out
            .contains("hmac-sha1,ssh-rsa (weak; --legacy-algorithms)"))
        let both = CLIHarness(environment: env)
        XCTAssertEqual(both.run("hosts", "edit", "box", "--legacy-algorithms", "hmac-sha1", "--no-legacy-algorithms"), 2)
        CLIHarness.checked(["hosts", "edit", "box", "--no-legacy-algorithms"], environment: env)
        XCTAssertFalse(CLIHarness.checked(["hosts", "show", "box"], environment: env).out.contains("legacy"))

        let alone = CLIHarness(environment: env)
        XCTAssertEqual(alone.run("doctor", "--legacy-algorithms", "hmac-sha1"), 2)
        XCTAssertTrue(alone.err.contains("--legacy-algorithms goes with HOST"), alone.err)
    }

    func testDoctorListsWhatDroverOffersNotLibssh2sWholeList() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("doctor"), 0, h.err)
        let offered = h.out.components(separatedBy: "Weak algorithms")[0]
        XCTAssertTrue(offered.contains("  strict key exchange (Terrapin, CVE-2023-48795): on"), offered)
        for weak in ["arcfour", "-cbc", "hmac-md5", "hmac-sha1", "group1-sha1", "group14-sha1"] {
            XCTAssertFalse(offered.contains(weak), "\(weak) listed as offered:\n\(offered)")
        }
        XCTAssertTrue(h.out.contains("  MACs: hmac-sha1-etm@openssh.com, hmac-sha1"), "the weak ones a host may allow: \(h.out)")
    }
}
