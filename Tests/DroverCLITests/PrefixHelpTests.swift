import XCTest
import TestSupport

/// `drover attach --help` lists Drover's keys with the prefix the person chose for all attaches.
final class PrefixHelpTests: XCTestCase {
    func testAttachHelpNamesTheKeyDROVER_PREFIXChose() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let chosen = try DroverBinary.run(["attach", "--help"], home: home.path, environment: ["DROVER_PREFIX": "ctrl+a"])
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        XCTAssertTrue(chosen.stdout.contains("  ctrl+a d "), chosen.stdout)
        XCTAssertFalse(chosen.stdout.contains("  ctrl+] d "), chosen.stdout)
        let plain = try DroverBinary.run(["attach", "--help"], home: home.path, environment: ["DROVER_PREFIX": ""])
        XCTAssertTrue(plain.stdout.contains("  ctrl+] d "), plain.stdout)
    }
}
