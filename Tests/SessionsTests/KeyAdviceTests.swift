import Foundation
import XCTest
import Files
import Hosts
import SSH
import TestSupport
@testable import Sessions

/// The fix a "too many authentication failures" message names, per kind of target: each is a
/// command that exists and changes what the next login of exactly that host offers.
final class KeyAdviceTests: XCTestCase {
    private let root = DroverRoot(path: "/nonexistent-root")
    private let endpoint = SSHEndpoint(host: "box.lan", port: 22, user: "ann")

    func testAnAddressJumpHostIsToldToRegisterNotToAttach() {
        let hop = JumpRoute(name: "ann@bastion.lan", endpoint: SSHEndpoint(host: "bastion.lan", port: 22, user: "ann"))
        let fix = ConnectionPlan(jump: hop, root: root, environment: ["HOME": "/h"], options: SSHOptions()).tooManyKeysFix
        XCTAssertTrue(fix.contains("'drover hosts add NAME ann@bastion.lan --identity FILE --identities-only'"), fix)
        XCTAssertTrue(fix.contains("name NAME in --jump instead of ann@bastion.lan"), fix)
        XCTAssertFalse(fix.contains("drover attach"), "attach's --identities-only is the target's, not a hop's: \(fix)")
    }

    /// `attach ADDRESS --identities-only` is only suggested when an identity file is there to offer.
    func testAnAddressTargetIsOfferedItsIdentityFilesOnlyWhenOneExists() throws {
        let dir = try TemporaryDirectory(prefix: "drover-advice")
        defer { dir.remove() }
        let target = AttachTarget(displayName: endpoint.description, endpoint: endpoint, command: "true", host: nil)
        let empty = ConnectionPlan(target: target, root: root, environment: ["HOME": dir.path], options: SSHOptions())
        XCTAssertTrue(empty.tooManyKeysFix.hasPrefix("Register the host with the key it accepts: "
                                                     + "'drover hosts add NAME \(endpoint) --identity FILE --identities-only'."),
                      empty.tooManyKeysFix)
        try FileManager.default.createDirectory(atPath: dir.file(".ssh"), withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: dir.file(".ssh/id_ecdsa"), contents: Data()))
        let one = ConnectionPlan(target: target, root: root, environment: ["HOME": dir.path], options: SSHOptions())
        XCTAssertTrue(one.tooManyKeysFix.contains("'drover attach \(endpoint) --identities-only' offers just ~/.ssh/id_ecdsa;"),
                      one.tooManyKeysFix)
        // Reached with one-off flags (issue 32): the suggested attach repeats them, so it reaches
        // the same host as written.
        var flagged = target
        flagged.oneOffArguments = ["-J", "bastion", "-p", "2200"]
        let hopped = ConnectionPlan(target: flagged, root: root, environment: ["HOME": dir.path], options: SSHOptions())
        XCTAssertTrue(hopped.tooManyKeysFix.contains("'drover attach \(endpoint) -J bastion -p 2200 --identities-only'"),
                      hopped.tooManyKeysFix)
        // Registering keeps the jump (-p is in the address): hosts add takes -J as attach does.
        XCTAssertTrue(hopped.tooManyKeysFix.contains("'drover hosts add NAME \(endpoint) -J bastion --identity FILE --identities-only'"),
                      hopped.tooManyKeysFix)
        let legacy = hopped.legacySetting.advice(allowing: ["aes128-cbc"])
        XCTAssertEqual(legacy, "'drover attach \(endpoint) -J bastion -p 2200 --legacy-algorithms aes128-cbc' (or register it: "
                       + "'drover hosts add NAME \(endpoint) -J bastion --legacy-algorithms aes128-cbc')")
        XCTAssertTrue(flagged.herdrMissingAdvice.contains("'drover hosts add NAME \(endpoint) -J bastion --command CMD'"),
                      flagged.herdrMissingAdvice)
    }

    /// An attach hint reaches the same session (`--session` kept); a host ~/.ssh/config gave is
    /// registered by following its Host, so its ProxyJump and IdentityFile are kept too.
    func testAttachHintsKeepTheSessionAndConfigHostsRegisterByFollowingTheirHost() throws {
        let dir = try TemporaryDirectory(prefix: "drover-advice")
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.file(".ssh"), withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: dir.file(".ssh/id_ecdsa"), contents: Data()))
        var target = AttachTarget(displayName: endpoint.description, endpoint: endpoint, command: "true", host: nil,
                                  sessionOverride: "play")
        target.oneOffArguments = ["-J", "bastion", "--auth", "password"]
        let plan = ConnectionPlan(target: target, root: root, environment: ["HOME": dir.path], options: SSHOptions())
        XCTAssertTrue(plan.legacySetting.advice(allowing: ["aes128-cbc"]).hasPrefix(
            "'drover attach \(endpoint) -J bastion --auth password --session play --legacy-algorithms aes128-cbc'"),
                      plan.legacySetting.advice(allowing: ["aes128-cbc"]))
        XCTAssertTrue(plan.tooManyKeysFix.contains("'drover attach \(endpoint) -J bastion --auth password --session play --identities-only'"),
                      plan.tooManyKeysFix)
        XCTAssertEqual(target.attachArguments(without: ["--auth"]), "\(endpoint) -J bastion --session play")

        var configured = HostEntry(name: "db", hostname: "10.0.0.9", user: "ann")
        configured.sshConfig = "db"
        var viaConfig = AttachTarget(host: configured)
        viaConfig.isRegistered = false
        XCTAssertEqual(viaConfig.registerArguments, "--ssh-config db")
        let fix = ConnectionPlan(target: viaConfig, root: root, environment: ["HOME": dir.path], options: SSHOptions())
        XCTAssertTrue(fix.legacySetting.advice(allowing: ["ssh-rsa"]).contains("'drover hosts add NAME --ssh-config db --legacy-algorithms ssh-rsa'"),
                      fix.legacySetting.advice(allowing: ["ssh-rsa"]))
    }

    /// `attach --identities-only` lasts one run, so the edit it suggests keeps it for good.
    func testARegistryHostIdentitiesOnlyForOneRunIsKeptByTheEdit() {
        var host = HostEntry(name: "box", hostname: "box.lan", user: "ann")
        var target = AttachTarget(host: host)
        target.identitiesOnly = true
        let once = ConnectionPlan(target: target, root: root, environment: ["HOME": "/h"], options: SSHOptions())
        XCTAssertTrue(once.tooManyKeysFix.contains("'drover hosts edit box --identities-only --identity FILE'"), once.tooManyKeysFix)
        host.identitiesOnly = true
        let stored = ConnectionPlan(target: AttachTarget(host: host), root: root, environment: ["HOME": "/h"], options: SSHOptions())
        XCTAssertTrue(stored.tooManyKeysFix.contains("'drover hosts edit box --identity FILE'"), stored.tooManyKeysFix)
    }
}
