import Foundation
import XCTest
import LibC
import TestSupport
@testable import Sessions

/// `--record`: the asciicast v2 lines (header, output, resize), UTF-8 split across reads, and the
/// file itself (new, 0600, never through a symlink, never over an existing file).
final class AsciicastRecordingTests: XCTestCase {
    private func line(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func output(_ encoder: inout AsciicastEncoder, _ bytes: [UInt8], at ms: Int) -> String {
        line(bytes.withUnsafeBytes { encoder.output($0, at: .milliseconds(ms)) })
    }

    func testHeaderAndEventsAreAsciicastV2() throws {
        XCTAssertEqual(line(AsciicastEncoder.header(columns: 100, rows: 30, timestamp: 1_700_000_000, term: "tmux-256color")),
                       "{\"version\": 2, \"width\": 100, \"height\": 30, \"timestamp\": 1700000000, \"env\": {\"TERM\": \"tmux-256color\"}}\n")
        var encoder = AsciicastEncoder()
        XCTAssertEqual(output(&encoder, Array("a\"b\\c\r\n\u{1B}[1m\u{7F}".utf8), at: 1500),
                       "[1.500000, \"o\", \"a\\\"b\\\\c\\r\\n\\u001b[1m\\u007f\"]\n")
        XCTAssertEqual(line(AsciicastEncoder.resize(columns: 80, rows: 24, at: .microseconds(2_000_001))),
                       "[2.000001, \"r\", \"80x24\"]\n")
        for text in [AsciicastEncoder.header(columns: 1, rows: 1, timestamp: 0, term: "x\"y"),
                     AsciicastEncoder.resize(columns: 1, rows: 1, at: .zero)] {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text)), line(text))
        }
    }

    func testAUTF8CharacterSplitBetweenReadsIsWrittenWhole() {
        var encoder = AsciicastEncoder()
        let snow = Array("☃".utf8)
        XCTAssertEqual(output(&encoder, [UInt8(ascii: "x")] + snow.prefix(2), at: 0), "[0.000000, \"o\", \"x\"]\n")
        XCTAssertEqual(output(&encoder, [], at: 1), "", "still waiting for the last byte")
        XCTAssertEqual(output(&encoder, Array(snow.suffix(1)), at: 2), "[0.002000, \"o\", \"☃\"]\n")
        XCTAssertEqual(output(&encoder, [0xFF, 0x41], at: 3), "[0.003000, \"o\", \"\u{FFFD}A\"]\n", "not UTF-8: U+FFFD")
        XCTAssertEqual(AsciicastEncoder.incompleteTail([0xF0, 0x9F, 0x99]), 3)
        XCTAssertEqual(AsciicastEncoder.incompleteTail([0xF0, 0x9F, 0x99, 0x82]), 0)
        XCTAssertEqual(AsciicastEncoder.incompleteTail([0x80, 0x80, 0x80, 0x80]), 0, "stray continuations are not held")
    }

    func testTheRecorderWritesANewPrivateFileAsItGoes() throws {
        let dir = try TemporaryDirectory(prefix: "drover-cast")
        defer { dir.remove() }
        let path = dir.file("s.cast")
        let recorder = try CastRecorder(creating: path)
        recorder.begin(columns: 80, rows: 24, term: "xterm")
        Array("hello".utf8).withUnsafeBytes { recorder.output($0, columns: 80, rows: 24) }
        Array("wide".utf8).withUnsafeBytes { recorder.output($0, columns: 120, rows: 24) }
        // Flushed as it goes: readable before the recorder closes.
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 4)
        XCTAssertTrue(lines[0].hasPrefix("{\"version\": 2, \"width\": 80, \"height\": 24"))
        XCTAssertTrue(lines[1].hasSuffix("\"o\", \"hello\"]"))
        XCTAssertTrue(lines[2].hasSuffix("\"r\", \"120x24\"]"))
        XCTAssertTrue(lines[3].hasSuffix("\"o\", \"wide\"]"))
        recorder.close()
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
    }

    func testAnExistingFileOrASymlinkIsRefusedAndLeftAlone() throws {
        let dir = try TemporaryDirectory(prefix: "drover-cast")
        defer { dir.remove() }
        let existing = dir.file("old.cast")
        try "keep me".write(toFile: existing, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try CastRecorder(creating: existing)) { error in
            XCTAssertTrue("\(error)".contains("already exists"), "\(error)")
            XCTAssertTrue("\(error)".contains("new file name"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "keep me")
        let target = dir.file("target")
        let link = dir.file("link.cast")
        symlink(target, link)
        XCTAssertThrowsError(try CastRecorder(creating: link))
        XCTAssertFalse(FileManager.default.fileExists(atPath: target), "nothing is created through the link")
    }

    /// A failed write says what happened by errno: only a full disk is cured by freeing space.
    func testAWriteFailureIsWordedByItsCause() {
        let full = CastRecorder.writeFailure(path: "/r/s.cast", errno: ENOSPC)
        XCTAssertEqual(full, "recording to /r/s.cast stopped (No space left on device): the disk or your quota is full; "
                       + "free space there and record again to a new file")
        let io = CastRecorder.writeFailure(path: "/r/s.cast", errno: EIO)
        XCTAssertTrue(io.hasSuffix("the disk reported an I/O error; check the disk and record again to a file on another one"), io)
        let big = CastRecorder.writeFailure(path: "/r/s.cast", errno: EFBIG)
        XCTAssertTrue(big.hasSuffix("the file reached the largest size allowed there; record again to a new file"), big)
        let other = CastRecorder.writeFailure(path: "/r/s.cast", errno: EBADF)
        XCTAssertTrue(other.hasSuffix("; record again to a new file in a directory you can write to"), other)
        for text in [io, big, other] { XCTAssertFalse(text.contains("free space"), text) }
    }
}
