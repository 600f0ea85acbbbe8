import Foundation
import XCTest
@testable import DroverCLI

final class ReplayCommandTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "/drover-replay-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func file(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let windowsModes = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1003h\u{1B}[?1006h\u{1B}[?1016l"

    func testTextFormatPrintsTrimmedRowsWideCharactersOnceAndCursor() throws {
        let path = try file("a.vt", "hello   \r\n\u{1B}[1m中文\u{1B}[0mx\u{1B}[3;4H")
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("replay", path, "--size", "10x3"), 0, cli.err)
        XCTAssertEqual(cli.out, "hello\n中文x\n\ncursor: 3,4\n")
    }

    func testInputEventsPrintEscapedBytesForTheWindowsSequence() throws {
        let path = try file("win.vt", Self.windowsModes)
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("replay", path, "--input", "click:10,5", "--input", "release:10,5",
                               "--input", "wheel-up:1,1", "--input", "focus:in", "--input", "key:f5+shift"), 0, cli.err)
        XCTAssertEqual(cli.out, "\\e[<0;10;5M\n\\e[<0;10;5m\n\\e[<64;1;1M\n\n\\e[15;2~\n")
    }

    func testInputEventsFollowModesFromTheStream() throws {
        let path = try file("modes.vt", "\u{1B}[?1h\u{1B}[?2004h\u{1B}[?1004h\u{1B}[?1000h")
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("replay", path, "--input", "key:up", "--input", "paste:hi", "--input", "focus:out",
                               "--input", "click:1,1", "--input", "key:a+ctrl"), 0, cli.err)
        XCTAssertEqual(cli.out, "\\eOA\n\\e[200~hi\\e[201~\n\\e[O\n\\e[M !!\n\\x01\n")
    }

    func testJSONFormatReportsCellsModesTitleAndCursor() throws {
        let path = try file("j.vt", "\u{1B}]2;my title\u{07}\u{1B}[1;38;5;196mA\u{1B}[0m中" + Self.windowsModes)
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("replay", path, "--size", "4x2", "--format", "json"), 0, cli.err)
        let object = try JSONSerialization.jsonObject(with: Data(cli.out.utf8)) as? [String: Any]
        XCTAssertEqual(object?["title"] as? String, "my title")
        let modes = object?["modes"] as? [String: Any]
        let mouse = modes?["mouse"] as? [String: Any]
        XCTAssertEqual(mouse?["tracking"] as? String, "1003")
        XCTAssertEqual(mouse?["encoding"] as? String, "sgr")
        XCTAssertEqual(modes?["autowrap"] as? Bool, true)
        let cells = object?["cells"] as? [[[String: Any]]]
        XCTAssertEqual(cells?.count, 2)
        XCTAssertEqual(cells?[0].count, 4)
        let first = cells?[0][0]
        XCTAssertEqual(first?["text"] as? String, "A")
        let attributes = first?["attributes"] as? [String: Any]
        XCTAssertEqual(attributes?["bold"] as? Bool, true)
        XCTAssertEqual(attributes?["foreground"] as? Int, 196)
        XCTAssertEqual(cells?[0][1]["width"] as? Int, 2)
        XCTAssertEqual(cells?[0][2]["width"] as? Int, 0)
        let cursor = object?["cursor"] as? [String: Any]
        XCTAssertEqual(cursor?["row"] as? Int, 1)
        XCTAssertEqual(cursor?["column"] as? Int, 4)
    }

    func testANSIFormatRedrawsTheScreen() throws {
        let path = try file("c.vt", "\u{1B}[31mred\u{1B}[0m")
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("replay", path, "--size", "10x2", "--format", "ansi"), 0, cli.err)
        XCTAssertTrue(cli.out.contains("red"), cli.out)
        XCTAssertTrue(cli.out.contains("\u{1B}["), cli.out)
    }

    func testAsciicastHeaderGivesTheSize() throws {
        let path = try file("rec.cast", "{\"version\": 2, \"width\": 6, \"height\": 2}\n[0.1, \"o\", \"abcdefgh\"]\n")
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("replay", path), 0, cli.err)
        XCTAssertEqual(cli.out, "abcdef\ngh\ncursor: 2,3\n")
    }

    func testTypescriptHeaderAndFooterAreNotPlayed() throws {
        let path = try file("typescript", "Script started on now\n$ echo hi\r\nhi\r\n\nScript done on later\n")
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("replay", path, "--size", "20x3"), 0, cli.err)
        XCTAssertEqual(cli.out, "$ echo hi\nhi\n\ncursor: 3,1\n")
    }

    func testBenchPrintsSpeed() throws {
        let path = try file("b.vt", String(repeating: "some text to feed\r\n", count: 200))
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("replay", path, "--bench"), 0, cli.err)
        XCTAssertTrue(cli.out.hasPrefix("drover \(path) "), cli.out)
        XCTAssertTrue(cli.out.hasSuffix(" MiB/s\n"), cli.out)
    }

    func testBenchRelayPrintsCPUFramesAndOutput() throws {
        // 40 KiB of text: frames are due after 16 and 32 KiB, plus the last one.
        let text = String(repeating: "0123456789abcdef\r\n", count: 2276)
        let path = try file("relay.vt", text)
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("replay", path, "--size", "40x10", "--bench-relay"), 0, cli.err)
        let fields = cli.out.split(separator: " ").map(String.init)
        XCTAssertEqual(fields.count, 8, cli.out)
        guard fields.count == 8 else { return }
        XCTAssertEqual([fields[0], fields[2], fields[4], fields[6]], ["cpu", "bytes", "frames", "out"], cli.out)
        XCTAssertNotNil(Double(fields[1]), cli.out)
        XCTAssertEqual(fields[3], "\(text.utf8.count)")
        XCTAssertEqual(fields[5], "3")
        XCTAssertGreaterThan(Int(fields[7].trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, 0, cli.out)
    }

    func testBadArgumentsAreNamedInTheError() throws {
        let path = try file("ok.vt", "x")
        let cases: [([String], Int32, String)] = [
            (["replay", path, "--size", "80by24"], 2, "--size"),
            (["replay", path, "--size", "0x24"], 2, "--size"),
            (["replay", path, "--format", "html"], 2, "--format"),
            (["replay", path, "--input", "click:0,1"], 2, "click:0,1"),
            (["replay", path, "--input", "key:hyper"], 2, "key:hyper"),
            (["replay", path, "--bench", "--input", "key:up"], 2, "--bench"),
            (["replay", path, "--bench-relay", "--format", "text"], 2, "--bench-relay"),
            (["replay", path, "--bench", "--bench-relay"], 2, "give one of them"),
            (["replay", path, "--format", "json", "--input", "key:up"], 2, "--input"),
            (["replay"], 2, "FILE"),
            (["replay", directory + "/missing.vt"], 1, "missing.vt"),
        ]
        for (args, status, needle) in cases {
            let cli = CLIHarness()
            XCTAssertEqual(cli.run(args), status, "\(args)")
            XCTAssertTrue(cli.err.contains(needle), "\(args): \(cli.err)")
        }
        let bad = try file("bad.cast", "{\"version\": 2}\n[1, \"o\"]\n")
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("replay", bad), 1)
        XCTAssertTrue(cli.err.contains("bad.cast, line 2"), cli.err)
    }

    func testHelpDescribesEvents() {
        let cli = CLIHarness()
        XCTAssertEqual(cli.run("replay", "--help"), 0)
        XCTAssertTrue(cli.out.contains("click:COL,ROW"), cli.out)
        XCTAssertTrue(cli.out.contains("\n--speed X plays X times as fast"), "not wrapped mid-sentence: \(cli.out)")
    }
}
