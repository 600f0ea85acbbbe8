import Foundation
import XCTest
import TestSupport
import LibC

/// Issue 30, item 2 and 3: a number in a recording and the length of standard input never
/// choose what Drover allocates. The built `drover` is run on the hostile input and its peak
/// resident size (the kernel's ru_maxrss for that child) must stay under 64 MiB.
final class UntrustedSizeBoundsTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private let limitKiB = 64 * 1024

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-bounds")
        try FileManager.default.createDirectory(atPath: dir.file("home"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() { dir.remove() }

    private func write(_ text: String, to name: String) throws -> String {
        let path = dir.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAHeaderOfAMillionByAMillionIsRefusedWithTheFixUnder64MiB() throws {
        let cast = try write("{\"version\": 2, \"width\": 1000000, \"height\": 1000000}\n[0.1, \"o\", \"hi\"]\n", to: "header.cast")
        let r = try PeakMemory.runDrover(["replay", cast], home: dir.file("home"))
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "drover: \(cast): the header's size 1000000x1000000 is larger than a Drover screen can be; "
                       + "give --size COLSxROWS (at most 2000x1000) to play it at a size of your choosing.\n")
        XCTAssertLessThan(r.peakKiB, limitKiB, "peak RSS \(r.peakKiB) KiB")
    }

    func testAResizeEventOfAMillionByAMillionIsRefusedUnder64MiBAndSizePlaysIt() throws {
        let cast = try write("{\"version\": 2, \"width\": 80, \"height\": 24}\n[0.1, \"o\", \"hi\"]\n"
                             + "[0.2, \"r\", \"1000000x1000000\"]\n[0.3, \"o\", \" there\"]\n", to: "resize.cast")
        let r = try PeakMemory.runDrover(["replay", cast], home: dir.file("home"))
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "drover: \(cast): a resize event asks for 1000000x1000000, larger than a Drover screen can be; "
                       + "give --size COLSxROWS (at most 2000x1000) to play it at a size of your choosing.\n")
        XCTAssertLessThan(r.peakKiB, limitKiB, "peak RSS \(r.peakKiB) KiB")
        // The fix the message names works: with --size the resize events are not played.
        let played = try DroverBinary.run(["replay", "--size", "20x2", cast], home: dir.file("home"))
        XCTAssertEqual(played.status, 0, played.stderr)
        XCTAssertEqual(played.stdout, "hi there\n\ncursor: 1,9\n")
    }

    func testTheLargestSizeIsPlayed() throws {
        let cast = try write("{\"version\": 2, \"width\": 2000, \"height\": 1000}\n[0.1, \"o\", \"hi\"]\n", to: "edge.cast")
        let r = try DroverBinary.run(["replay", cast], home: dir.file("home"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("hi\n"), r.stdout)
    }

    /// 300 MB of standard input without a new line (a sparse file: zeros, no disk used).
    func testPairRefuses300MBOfStandardInputAfterTheBoundUnder64MiB() throws {
        let input = dir.file("huge-input")
        let fd = open(input, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertEqual(ftruncate(fd, 300_000_000), 0)
        close(fd)
        let r = try PeakMemory.runDrover(["pair", "-"], home: dir.file("home"), stdinPath: input)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "drover: standard input: a line is longer than 64 KiB, more than any link, answer or "
                       + "passphrase Drover reads, so it was refused without reading the rest; give the one line it "
                       + "asks for (for 'drover pair -', the pairing link alone).\n")
        XCTAssertLessThan(r.peakKiB, limitKiB, "peak RSS \(r.peakKiB) KiB")
    }
}
