import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 29: the attach path does not use Foundation's internationalization (ICU). Drover links
/// no Foundation at all (FoundationEssentials only, ADR 0033), so an attached drover (a trust
/// question answered, the login, the PTY, a screen drawn, keys typed) maps neither Foundation,
/// CoreFoundation, ICU nor ICU's 34 MB of data: one of them back would cost resident pages and
/// initialisers in every run (ADR 0018, ADR 0033).
final class AttachICUTests: XCTestCase {
    /// Pages the kernel may map around a fault just before ICU's data (one 64 KiB window).
    private static let faultAround = 16

    private var harness: AttachHarness!

    override func setUpWithError() throws {
        // Pages are counted through Linux's /proc/PID/pagemap; elsewhere Foundation is the system's.
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self/pagemap"), "no /proc/PID/pagemap here")
        harness = try AttachHarness()
    }

    override func tearDown() {
        harness?.tearDown()
    }

    /// The probe sees ICU at work: this test process formats a date the way a German reader
    /// would, which opens ICU's locale and calendar data.
    func testTheProbeSeesICUInUse() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "de_DE")
        formatter.timeZone = TimeZone(identifier: "Europe/Berlin")
        formatter.dateStyle = .full
        formatter.timeStyle = .full
        XCTAssertFalse(formatter.string(from: Date(timeIntervalSince1970: 0)).isEmpty)
        let count = try ICUDataPages.count(pid: getpid())
        XCTAssertGreaterThan(count.resident, Self.faultAround, "\(count)")
    }

    func testAnAttachedDroverMapsNoFoundationNorICUData() throws {
        try harness.registerHost(command: "printf 'icu-ready\\r\\n'; exec cat")
        try harness.startOuterTerminal()
        try harness.attachTrusting(until: "icu-ready")
        try harness.type("typed-through\n")
        // The PTY's echo, then cat's copy.
        try harness.waitUntil("the typed line echoed and copied") { $0.components(separatedBy: "typed-through").count >= 3 }
        let pid = try harness.droverPID()
        let foundation = try ICUDataPages.mappedFiles(pid: pid).filter { path in
            ["libFoundation.so", "lib_FoundationICU.so", "libFoundationInternationalization.so", "libicu"].contains {
                path.split(separator: "/").last?.hasPrefix($0) == true
            }
        }
        XCTAssertEqual(foundation, [], "the attached drover maps Foundation's libraries")
        XCTAssertThrowsError(try ICUDataPages.count(pid: pid), "the attached drover maps ICU's data")
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
