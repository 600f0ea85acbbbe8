import Foundation
import XCTest
@testable import DroverCLI

/// `drover replay --input` encodes keys by the keyboard mode the stream left (kitty flags,
/// modifyOtherKeys, legacy), and `--replies` shows what the emulator answered (issue 26).
final class ReplayKeyboardTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "/drover-replay-kbd-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func replay(_ stream: String, _ arguments: String...) throws -> (Int32, String, String) {
        let path = directory + "/s.vt"
        try Data(stream.utf8).write(to: URL(fileURLWithPath: path))
        let cli = CLIHarness()
        let code = cli.run(["replay", path] + arguments)
        return (code, cli.out, cli.err)
    }

    func testKittyDisambiguateSendsShiftEnterAsCSIu() throws {
        let (code, out, err) = try replay("\u{1B}[>1u", "--input", "key:enter+shift", "--input", "key:enter",
                                          "--input", "key:i+ctrl", "--input", "key:escape", "--input", "key:a+super")
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, "\\e[13;2u\n\\r\n\\e[105;5u\n\\e[27u\n\\e[97;9u\n")
    }

    func testHerdrsFlagsAndThePopBackToLegacy() throws {
        var (code, out, err) = try replay("\u{1B}[>7u", "--input", "key:enter+shift", "--input", "key:a+release",
                                          "--input", "key:f13", "--input", "key:leftshift")
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, "\\e[13;2u\n\\e[97;1:3u\n\\e[57376u\n\n")
        (code, out, err) = try replay("\u{1B}[>15u\u{1B}[<u", "--input", "key:enter+shift", "--input", "key:i+ctrl")
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, "\\r\n\\t\n")
    }

    func testModifyOtherKeysTwoSendsXtermsForm() throws {
        let (code, out, err) = try replay("\u{1B}[>4;2m", "--input", "key:enter+shift", "--input", "key:i+ctrl",
                                          "--input", "key:up+ctrl")
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, "\\e[27;2;13~\n\\e[27;5;105~\n\\e[1;5A\n")
    }

    func testKittyQueryIsAnswered() throws {
        let (code, out, err) = try replay("\u{1B}[>5u\u{1B}[?u", "--replies")
        XCTAssertEqual(code, 0, err)
        XCTAssertEqual(out, "\\e[?5u\n")
    }

    func testJSONShowsTheKeyboardMode() throws {
        let (code, out, err) = try replay("\u{1B}[>3u\u{1B}[>4;1m", "--size", "4x2", "--format", "json")
        XCTAssertEqual(code, 0, err)
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        let keyboard = (object?["modes"] as? [String: Any])?["keyboard"] as? [String: Any]
        XCTAssertEqual(keyboard?["kittyFlags"] as? Int, 3)
        XCTAssertEqual(keyboard?["modifyOtherKeys"] as? Int, 1)
    }

    func testBadModifiersAndMisusedOptionsSayWhatToDo() throws {
        var (code, _, err) = try replay("", "--input", "key:a+windows")
        XCTAssertEqual(code, 2)
        XCTAssertTrue(err.contains("use shift, alt, ctrl, super, hyper, meta, capslock or numlock"), err)
        (code, _, err) = try replay("", "--input", "click:1,1+release")
        XCTAssertEqual(code, 2)
        XCTAssertTrue(err.contains("use release:COL,ROW"), err)
        (code, _, err) = try replay("", "--replies", "--input", "key:a")
        XCTAssertEqual(code, 2)
        XCTAssertTrue(err.contains("leave out --input and --format"), err)
    }
}
