import Foundation
@testable import Pairing
import TestSupport
import XCTest

/// `PairHost` in-process with a scripted enroll (files written by the test) and a controllable clock.
final class PairHostDecisionTests: XCTestCase {
    var scratch: TemporaryDirectory!

    override func setUpWithError() throws {
        signal(SIGPIPE, SIG_IGN)
        scratch = try TemporaryDirectory(prefix: "drover-pairhost")
    }

    override func tearDown() { scratch.remove() }

    func configuration() throws -> PairHost.Configuration {
        PairHost.Configuration(
            authorizedKeys: AuthorizedKeysFile(path: scratch.file("authorized_keys"), lockPath: scratch.file("lock")),
            stateDirectory: scratch.file("state"), droverPath: "/usr/local/bin/drover", computerName: "box", user: "dev",
            addresses: try OfferAddresses(["localhost"], beyondTailnet: false), port: 22, session: nil,
            hostKeyFingerprints: ["SHA256:" + String(repeating: "A", count: 43)], lifetime: 600)
    }

    static let devicePublicLine: String = {
        let blob = [0, 0, 0, 11] + Array("ssh-ed25519".utf8) + [0, 0, 0, 32] + [UInt8](repeating: 5, count: 32)
        return "ssh-ed25519 " + Data(blob).base64EncodedString()
    }()

    func testAYesReadAfterTheDeadlineAuthorizesNothing() throws {
        let answers = try PipePair()
        defer { close(answers.read); close(answers.write) }
        let late = LockedFlag()
        let config = try configuration()
        var transcript = ""
        var state: PairingStateDirectory?
        let host = PairHost(configuration: config, write: { text in
            transcript += text
            if text.hasPrefix("Approve this device?") {
                // The person answers only after the window closed.
                late.set()
                _ = "y\n".withCString { write(answers.write, $0, 2) }
                _ = try? state?.create(.done, ["EXPIRED"])
            }
        }, inputDescriptor: answers.read, clock: { late.isSet ? Date().addingTimeInterval(3600) : Date() })
        let outcome = try host.run { offer in
            let offered = PairingStateDirectory(path: config.stateDirectory, id: offer.link.id)
            state = offered
            try offered.create(.claim, [Self.devicePublicLine, "laptop", String(Int64(Date().timeIntervalSince1970))])
        }
        XCTAssertEqual(outcome, .expired)
        XCTAssertTrue(transcript.contains("Too late: the code expired before the answer; nothing was authorized."), transcript)
        XCTAssertEqual(try config.authorizedKeys.lines(), [])
    }

    func testInputTypedBeforeThePromptIsDiscarded() throws {
        let answers = try PipePair()
        defer { close(answers.read); close(answers.write) }
        let config = try configuration()
        var state: PairingStateDirectory?
        let host = PairHost(configuration: config, write: { text in
            if text.hasPrefix("Approve this device?") {
                _ = "n\n".withCString { write(answers.write, $0, 2) }
                _ = try? state?.create(.done, ["DENIED"])
            }
        }, inputDescriptor: answers.read)
        let outcome = try host.run { offer in
            _ = "y\n".withCString { write(answers.write, $0, 2) }   // typed ahead: must not count
            let offered = PairingStateDirectory(path: config.stateDirectory, id: offer.link.id)
            state = offered
            try offered.create(.claim, [Self.devicePublicLine, "laptop", String(Int64(Date().timeIntervalSince1970))])
        }
        XCTAssertEqual(outcome, .denied)
        XCTAssertEqual(try config.authorizedKeys.lines(), [])
    }

    func testApprovalWritesTheDeviceLineAndRemovesTheOneTimeLine() throws {
        let answers = try PipePair()
        defer { close(answers.read); close(answers.write) }
        let config = try configuration()
        var state: PairingStateDirectory?
        var oneTimeLinePresent = false
        let host = PairHost(configuration: config, write: { text in
            if text.hasPrefix("Approve this device?") {
                oneTimeLinePresent = (try? config.authorizedKeys.lines())?.contains { $0.hasPrefix("restrict,") } ?? false
                _ = "y\n".withCString { write(answers.write, $0, 2) }
                _ = try? state?.create(.done, ["OK"])
            }
        }, inputDescriptor: answers.read)
        let outcome = try host.run { offer in
            let offered = PairingStateDirectory(path: config.stateDirectory, id: offer.link.id)
            state = offered
            try offered.create(.claim, [Self.devicePublicLine, "laptop", String(Int64(Date().timeIntervalSince1970))])
        }
        guard case .approved(let name, let fingerprint) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(name, "laptop")
        XCTAssertTrue(fingerprint.hasPrefix("SHA256:"))
        XCTAssertTrue(oneTimeLinePresent)
        let lines = try config.authorizedKeys.lines()
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasPrefix(Self.devicePublicLine + " drover:laptop:"), lines[0])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: config.stateDirectory).filter { !$0.hasPrefix(".") }, [])
    }

    /// "Run it again" names the command with the options this run was given, not a bare
    /// `drover pair-host` that may fail here.
    func testACodeNobodyUsedSaysToRunTheSameCommandAgain() throws {
        var config = try configuration()
        config.rerunCommand = "drover pair-host --host box --port 2222 --not-for-herdr-app"
        let shown = LockedFlag()
        var transcript = ""
        let host = PairHost(configuration: config, write: { transcript += $0 },
                            clock: { shown.isSet ? Date().addingTimeInterval(3600) : Date() })
        XCTAssertEqual(try host.run { _ in shown.set() }, .expired)
        XCTAssertTrue(transcript.hasSuffix("The code expired before any device used it; nothing was authorized. "
                                           + "Run 'drover pair-host --host box --port 2222 --not-for-herdr-app' again for a new code.\n"),
                      transcript)
    }
}

final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
