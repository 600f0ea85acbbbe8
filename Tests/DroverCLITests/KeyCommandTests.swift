import Files
import Foundation
import Identity
import QR
import TestSupport
import XCTest

final class KeyCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover")] }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-keycmd") }
    override func tearDown() { dir.remove() }

    func testFirstRunCreatesTheKeyAndSaysSoOnStderr() throws {
        let first = CLIHarness(environment: env)
        XCTAssertEqual(first.run("key"), 0, first.err)
        let privatePath = dir.file("drover/device_ed25519")
        XCTAssertEqual(first.err, "Created a new device key: \(privatePath)\n")
        let lines = first.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        let pub = try String(contentsOfFile: privatePath + ".pub", encoding: .utf8)
        XCTAssertEqual(lines[0] + "\n", pub)
        let keygen = try Shell.run("/usr/bin/ssh-keygen", ["-lf", privatePath])
        XCTAssertEqual(keygen.split(separator: " ")[1], Substring(lines[1]))

        let second = CLIHarness(environment: env)
        XCTAssertEqual(second.run("key"), 0)
        XCTAssertEqual(second.err, "")
        XCTAssertEqual(second.out, first.out)
    }

    func testQROptionPrintsTheLineAsACode() throws {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("key", "--qr"), 0, h.err)
        let key = try XCTUnwrap(try DeviceKey.load(root: DroverRoot(path: dir.file("drover"))))
        XCTAssertEqual(h.out, "\(key.publicLine)\n\(key.fingerprint)\n\n" + (try QRCode(key.publicLine).rendered()))
    }

    func testQROnATooSmallTerminalSaysTheSizeItNeedsAndDrawsNoCode() throws {
        let small = CLIHarness(environment: env, terminalSize: (columns: 40, rows: 20))
        XCTAssertEqual(small.run("key", "--qr"), 1)
        let key = try XCTUnwrap(try DeviceKey.load(root: DroverRoot(path: dir.file("drover"))))
        XCTAssertEqual(small.out, "\(key.publicLine)\n\(key.fingerprint)\n", "the key line, but no code")
        let code = try QRCode(key.publicLine)
        XCTAssertTrue(small.err.contains("The QR code needs a terminal of at least \(code.textSize.columns)x\(code.textSize.rows + 4) "
                                         + "characters (this one is 40x20); enlarge the window"), small.err)
        XCTAssertTrue(small.err.contains("copy the key line above instead"), small.err)

        let roomy = CLIHarness(environment: env, terminalSize: (columns: code.textSize.columns, rows: code.textSize.rows + 4))
        XCTAssertEqual(roomy.run("key", "--qr"), 0, roomy.err)
        XCTAssertTrue(roomy.out.hasSuffix(code.rendered()))
    }

    func testUnsafeKeyPermissionsFailWithTheFix() throws {
        XCTAssertEqual(CLIHarness(environment: env).run("key"), 0)
        let path = dir.file("drover/device_ed25519")
        chmod(path, 0o640)
        let before = try AtomicFile.read(path)
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("key"), 1)
        XCTAssertTrue(h.err.hasPrefix("drover: "), h.err)
        XCTAssertTrue(h.err.contains("chmod 600 \(path)"), h.err)
        XCTAssertEqual(h.out, "")
        XCTAssertEqual(try AtomicFile.read(path), before)
    }

    func testExtraArgumentIsAUsageError() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("key", "extra"), 2)
        XCTAssertTrue(h.err.contains("unexpected argument 'extra'"), h.err)
    }

    func testBuiltBinaryPrintsTheSameKey() throws {
        let home = dir.file("drover")
        let result = try DroverBinary.run(["key"], home: home)
        XCTAssertEqual(result.status, 0, result.stderr)
        let key = try XCTUnwrap(try DeviceKey.load(root: DroverRoot(path: home)))
        XCTAssertEqual(result.stdout, "\(key.publicLine)\n\(key.fingerprint)\n")
    }
}
