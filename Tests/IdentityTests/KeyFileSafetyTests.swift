import LibC
import Files
import Foundation
import TestSupport
import XCTest
@testable import Identity

/// known_hosts and the device key files are checked, not trusted: another user must not be
/// able to have written them, and they are read with a bound.
final class KeyFileSafetyTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var root: DroverRoot!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-keysafety")
        root = DroverRoot(path: dir.file("root"))
    }

    override func tearDown() { dir.remove() }

    private func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    private let chownAdvice = geteuid() == 0 ? "Run 'chown root " : "Run 'sudo chown "

    private func pinOne(_ pins: KnownHosts) throws {
        let key = try DeviceKey.loadOrCreate(root: root)
        try pins.add(host: "web.lan", port: 22, keyType: "ssh-ed25519", blob: key.keyPair.publicKeyBlob)
    }

    /// The suggested chmod must work when pasted, whatever the path holds.
    func testTheChmodAdviceQuotesAPathWithSpaces() {
        let text = KeyError.readableByOthers(path: "/home/ann/my keys/id_ed25519", mode: "644").description
        XCTAssertTrue(text.contains("Run 'chmod 600 '/home/ann/my keys/id_ed25519'' if"), text)
        XCTAssertTrue(KeyError.readableByOthers(path: "/k/id", mode: "644").description.contains("'chmod 600 /k/id'"))
    }

    func testForeignOwnedKnownHostsIsRefusedWithTheChown() throws {
        let pins = KnownHosts(root: root)
        try pinOne(pins)
        XCTAssertEqual(chown(pins.path, 65534, 65534), 0)
        for attempt in [{ _ = try pins.list() }, { _ = try pins.pins(host: "web.lan", port: 22) }] {
            let text = failure(attempt) ?? ""
            XCTAssertTrue(text.hasPrefix("\(pins.path): belongs to another user (uid 65534)"), text)
            XCTAssertTrue(text.contains(chownAdvice + pins.path + "'"), text)
        }
    }

    func testGroupWritableKnownHostsIsRefused() throws {
        let pins = KnownHosts(root: root)
        try pinOne(pins)
        chmod(pins.path, 0o620)
        XCTAssertTrue(failure { _ = try pins.list() }?.contains("Run 'chmod go-w \(pins.path)'") == true)
    }

    func testWorldWritableRootRefusesPinning() throws {
        let pins = KnownHosts(root: root)
        try pinOne(pins)
        chmod(root.path, 0o777)
        let key = try Ed25519KeyPair()
        let text = failure { try pins.add(host: "b.lan", port: 22, keyType: "ssh-ed25519", blob: key.publicKeyBlob) } ?? ""
        XCTAssertTrue(text.contains("Run 'chmod 700 \(root.path)'"), text)
    }

    func testOversizedKnownHostsIsRefused() throws {
        try root.ensureExists()
        let pins = KnownHosts(root: root)
        XCTAssertTrue(FileManager.default.createFile(atPath: pins.path, contents: nil, attributes: [.posixPermissions: 0o600]))
        XCTAssertEqual(truncate(pins.path, off_t(AtomicFile.readLimit + 1)), 0)
        XCTAssertTrue(failure { _ = try pins.list() }?.contains("is larger than 16 MiB") == true)
    }

    func testForeignOrLoosePublicKeyFileIsRefused() throws {
        let key = try DeviceKey.loadOrCreate(root: root)
        chmod(key.publicKeyPath, 0o666)
        XCTAssertTrue(failure { _ = try DeviceKey.load(root: root) }?.contains("Run 'chmod go-w \(key.publicKeyPath)'") == true)
        chmod(key.publicKeyPath, 0o644)
        XCTAssertNoThrow(try DeviceKey.load(root: root))
        XCTAssertEqual(chown(key.privateKeyPath, 65534, 65534), 0)
        let text = failure { _ = try DeviceKey.load(root: root) } ?? ""
        XCTAssertTrue(text.contains("\(key.privateKeyPath): belongs to another user (uid 65534)"), text)
    }

    func testPrivateKeyThatIsAFIFOIsRefused() throws {
        try root.ensureExists()
        XCTAssertEqual(mkfifo(root.file(DeviceKey.privateFileName), 0o600), 0)
        XCTAssertTrue(failure { _ = try DeviceKey.loadOrCreate(root: root) }?.contains("is not a regular file (it is a FIFO)") == true)
    }

    /// A public key in place of the private file (the file itself, or FILE.pub beside a missing
    /// FILE) loads as public only, whatever its mode: its key is the ssh-agent's to sign with.
    func testAPublicKeyFileLoadsAsPublicOnly() throws {
        let key = try DeviceKey.loadOrCreate(root: root)
        let pub = dir.file("vault.pub")
        try key.publicLine.write(toFile: pub, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(pub, 0o644), 0)
        let named = try XCTUnwrap(try PrivateKeyFile.load(path: pub, displayPath: "~/vault.pub"))
        XCTAssertTrue(named.isPublicKeyOnly)
        XCTAssertEqual(named.publicKey?.blob, Data(key.keyPair.publicKeyBlob))
        XCTAssertTrue(named.text.isEmpty)
        let beside = try XCTUnwrap(try PrivateKeyFile.load(path: dir.file("vault"), displayPath: "~/vault"))
        XCTAssertTrue(beside.isPublicKeyOnly)
        XCTAssertNil(try PrivateKeyFile.load(path: dir.file("absent"), displayPath: "~/absent"))
    }
}
