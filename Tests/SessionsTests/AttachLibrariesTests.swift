import Foundation
import XCTest
import TestSupport
import LibC

/// Libraries only pairing uses are opened at their first use, not at start: an attached drover
/// maps no libqrencode, libpng, libz or libzbar (ADR 0018, ADR 0033). Each linked library costs
/// resident pages (its relocations, data and initialisers) in every process.
final class AttachLibrariesTests: XCTestCase {
    private var harness: AttachHarness!

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self/maps"), "no /proc/PID/maps here")
        harness = try AttachHarness()
    }

    override func tearDown() {
        harness?.tearDown()
    }

    func testAnAttachedDroverMapsNoPairingLibrary() throws {
        try harness.registerHost(command: "printf 'libraries-ready\\r\\n'; exec cat")
        try harness.startOuterTerminal()
        try harness.attachTrusting(until: "libraries-ready")
        let maps = try String(contentsOfFile: "/proc/\(try harness.droverPID())/maps", encoding: .utf8)
        let files = Set(maps.split(separator: "\n").compactMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first })
        // The probe reads the right process: its C library is there.
        XCTAssertTrue(files.contains { $0.contains("libc.so") || $0.contains("libc-") }, "\(files.sorted())")
        for library in ["libqrencode", "libpng", "libz.so", "libzbar"] {
            XCTAssertFalse(files.contains { $0.contains(library) }, "\(library) is mapped: \(files.sorted())")
        }
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }
}
