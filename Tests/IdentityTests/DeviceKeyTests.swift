import Files
import Foundation
import TestSupport
import XCTest
@testable import Identity

final class DeviceKeyTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var root: DroverRoot!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-device")
        root = DroverRoot(path: dir.file("home/drover"))
    }

    override func tearDown() { dir.remove() }

    func testFirstUseCreatesKeyFilesWithSafeModes() throws {
        let key = try DeviceKey.loadOrCreate(root: root, hostname: "laptop")
        XCTAssertTrue(key.wasCreated)
        XCTAssertEqual(key.comment, "drover@laptop")
        XCTAssertEqual(AtomicFile.mode(of: root.path), 0o700)
        XCTAssertEqual(AtomicFile.mode(of: root.file("device_ed25519")), 0o600)
        XCTAssertEqual(AtomicFile.mode(of: root.file("device_ed25519.pub")), 0o644)
        let pub = try String(contentsOfFile: root.file("device_ed25519.pub"), encoding: .utf8)
        XCTAssertEqual(pub, key.publicLine + "\n")
        XCTAssertTrue(key.publicLine.hasPrefix("ssh-ed25519 "))
        XCTAssertTrue(key.publicLine.hasSuffix(" drover@laptop"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { $0.hasSuffix(".new") || $0.hasPrefix(".device_ed25519.") && !$0.hasSuffix(".lock") }
        XCTAssertEqual(leftovers, [])
    }

    func testSecondUseLoadsTheSameKeyWithoutRewriting() throws {
        let first = try DeviceKey.loadOrCreate(root: root, hostname: "laptop")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: first.privateKeyPath))
        let second = try DeviceKey.loadOrCreate(root: root, hostname: "other")
        XCTAssertFalse(second.wasCreated)
        XCTAssertEqual(second.keyPair, first.keyPair)
        XCTAssertEqual(second.comment, "drover@laptop")
        XCTAssertEqual(second.privateKeyText, String(decoding: bytes, as: UTF8.self))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first.privateKeyPath)), bytes)
    }

    func testConcurrentFirstUsesAgreeOnOneKey() throws {
        let results = Results()
        let root = self.root!
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            results.add(Result { try DeviceKey.loadOrCreate(root: root, hostname: "laptop") })
        }
        let keys = try results.all.map { try $0.get() }
        XCTAssertEqual(keys.count, 8)
        XCTAssertEqual(Set(keys.map(\.fingerprint)).count, 1)
        XCTAssertEqual(keys.filter(\.wasCreated).count, 1)

        // Concurrent loads that all find the .pub file missing write it once and agree.
        unlink(keys[0].publicKeyPath)
        let reloads = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            reloads.add(Result { try DeviceKey.loadOrCreate(root: root) })
        }
        XCTAssertEqual(Set(try reloads.all.map { try $0.get().fingerprint }), [keys[0].fingerprint])
        XCTAssertEqual(try String(contentsOfFile: keys[0].publicKeyPath, encoding: .utf8), keys[0].publicLine + "\n")
    }

    func testKeyFileAgreesWithSSHKeygen() throws {
        let key = try DeviceKey.loadOrCreate(root: root, hostname: "laptop")
        let derived = try Shell.run("/usr/bin/ssh-keygen", ["-y", "-f", key.privateKeyPath])
        XCTAssertEqual(derived.split(separator: " ").prefix(2), key.publicLine.split(separator: " ").prefix(2))
        let listed = try Shell.run("/usr/bin/ssh-keygen", ["-lf", key.publicKeyPath])
        XCTAssertEqual(listed, "256 \(key.fingerprint) drover@laptop (ED25519)\n")
    }

    func testGroupReadableKeyIsRefusedAndLeftAlone() throws {
        let key = try DeviceKey.loadOrCreate(root: root, hostname: "laptop")
        chmod(key.privateKeyPath, 0o644)
        let before = try Data(contentsOf: URL(fileURLWithPath: key.privateKeyPath))
        XCTAssertThrowsError(try DeviceKey.loadOrCreate(root: root)) { error in
            XCTAssertEqual(error as? DeviceKeyError, .unsafePermissions(path: key.privateKeyPath, mode: 0o644))
            XCTAssertTrue("\(error)".contains("chmod 600 \(key.privateKeyPath)"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: key.privateKeyPath)), before)
        XCTAssertEqual(AtomicFile.mode(of: key.privateKeyPath), 0o644)
    }

    func testGarbageKeyFileIsRefusedAndNeverOverwritten() throws {
        try root.ensureExists()
        let path = root.file("device_ed25519")
        let garbage = Data("not a key at all\n".utf8)
        try AtomicFile.write(garbage, to: path, mode: 0o600)
        XCTAssertThrowsError(try DeviceKey.loadOrCreate(root: root)) { error in
            guard case .badPrivateKey(let p, _) = error as? DeviceKeyError else { return XCTFail("\(error)") }
            XCTAssertEqual(p, path)
            XCTAssertTrue("\(error)".contains("will not overwrite"), "\(error)")
        }
        XCTAssertEqual(try AtomicFile.read(path), garbage)
        XCTAssertNil(try AtomicFile.read(root.file("device_ed25519.pub")))
    }

    func testMissingPublicFileIsRewrittenFromPrivateKey() throws {
        let key = try DeviceKey.loadOrCreate(root: root, hostname: "laptop")
        unlink(key.publicKeyPath)
        let again = try DeviceKey.loadOrCreate(root: root)
        XCTAssertEqual(try String(contentsOfFile: key.publicKeyPath, encoding: .utf8), again.publicLine + "\n")
    }

    func testMismatchedPublicFileIsAnErrorAndKept() throws {
        let key = try DeviceKey.loadOrCreate(root: root, hostname: "laptop")
        let stranger = try Ed25519KeyPair().publicLine(comment: "someone else") + "\n"
        try AtomicFile.write(stranger, to: key.publicKeyPath, mode: 0o644)
        XCTAssertThrowsError(try DeviceKey.loadOrCreate(root: root)) { error in
            XCTAssertEqual(error as? DeviceKeyError,
                           .publicFileMismatch(path: key.publicKeyPath, privatePath: key.privateKeyPath))
        }
        XCTAssertEqual(try String(contentsOfFile: key.publicKeyPath, encoding: .utf8), stranger)
    }

    func testKeyMadeBySSHKeygenIsUsedAsTheDeviceKey() throws {
        try root.ensureExists()
        let path = root.file("device_ed25519")
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "mine", "-f", path])
        let key = try DeviceKey.loadOrCreate(root: root)
        XCTAssertFalse(key.wasCreated)
        XCTAssertEqual(key.comment, "mine")
        let pub = try String(contentsOfFile: path + ".pub", encoding: .utf8)
        XCTAssertEqual(try SSHPublicKey(line: pub).blob, key.keyPair.publicKeyBlob)
    }

    func testDescriptionHidesThePrivateKey() throws {
        let key = try DeviceKey.loadOrCreate(root: root, hostname: "laptop")
        XCTAssertFalse("\(key)".contains("PRIVATE KEY"))
        XCTAssertTrue("\(key)".contains(key.fingerprint))
    }

    func testDefaultDeviceNameIsTheHostName() throws {
        let uname = try Shell.run("/usr/bin/uname", ["-n"]).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(DeviceKey.defaultDeviceName(), uname)
    }
}

/// Results collected from concurrent work.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Result<DeviceKey, any Error>] = []

    func add(_ result: Result<DeviceKey, any Error>) { lock.withLock { list.append(result) } }
    var all: [Result<DeviceKey, any Error>] { lock.withLock { list } }
}
