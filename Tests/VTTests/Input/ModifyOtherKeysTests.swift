import XCTest
import VT

/// modifyOtherKeys against real xterm: every row of XtermKeys.tsv (xterm 379's own bytes,
/// recorded under Xvfb by scripts/xterm-keys-oracle) must come out of the encoder unchanged.
final class ModifyOtherKeysTests: XCTestCase {
    private struct Row {
        var setting: String, keyName: String, expected: [UInt8]
    }

    private static func rows() throws -> [Row] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("XtermKeys.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Row(setting: fields[0], keyName: fields[1], expected: unescape(fields.count > 2 ? fields[2] : ""))
        }
    }

    private static func unescape(_ s: String) -> [UInt8] {
        var out: [UInt8] = [], bytes = Array(s.utf8), i = 0
        while i < bytes.count {
            if bytes[i] == 0x5C, i + 1 < bytes.count {
                switch bytes[i + 1] {
                case UInt8(ascii: "e"): out.append(0x1B); i += 2
                case UInt8(ascii: "x"):
                    out.append(UInt8(String(decoding: bytes[(i + 2)..<(i + 4)], as: UTF8.self), radix: 16) ?? 0); i += 4
                default: out.append(bytes[i + 1]); i += 2
                }
            } else {
                out.append(bytes[i]); i += 1
            }
        }
        return out
    }

    /// xdotool's `ctrl+shift+Return` as Drover's key and modifiers.
    private static func event(_ name: String) -> (Key, KeyModifiers) {
        var parts = name.split(separator: "+").map(String.init)
        let keyName = parts.removeLast()
        var mods: KeyModifiers = []
        for part in parts {
            switch part {
            case "ctrl": mods.insert(.control)
            case "shift": mods.insert(.shift)
            case "alt": mods.insert(.alt)
            default: XCTFail("modifier \(part)")
            }
        }
        let named: [String: Key] = ["Return": .enter, "Tab": .tab, "BackSpace": .backspace, "Escape": .escape,
                                    "space": .character(" "), "semicolon": .character(";"), "comma": .character(","),
                                    "period": .character("."), "slash": .character("/"), "bracketleft": .character("["),
                                    "bracketright": .character("]"), "minus": .character("-"), "grave": .character("`"),
                                    "backslash": .character("\\"), "equal": .character("="), "apostrophe": .character("'")]
        return (named[keyName] ?? .character(keyName.unicodeScalars.first ?? "?"), mods)
    }

    private static func encoder(_ setting: String) -> InputEncoder {
        let terminal = Terminal(columns: 80, rows: 24)
        terminal.feed(setting.hasPrefix("mok2") ? "\u{1B}[>4;2m" : "\u{1B}[>4;1m")
        var modes = terminal.modes
        modes.keyboard.formatOtherKeys = setting.hasSuffix("format1") ? 1 : 0
        return InputEncoder(modes: modes)
    }

    func testEveryKeyXtermRecordedEncodesAsXtermSentIt() throws {
        let rows = try Self.rows()
        XCTAssertGreaterThanOrEqual(rows.count, 4 * 82, "the table lost rows; rerun scripts/xterm-keys-oracle")
        for row in rows {
            let (key, mods) = Self.event(row.keyName)
            let got = Self.encoder(row.setting).encode(.key(key, mods))
            XCTAssertEqual(got, row.expected, "\(row.setting) \(row.keyName)")
        }
    }

    func testTheAcceptanceCase() {
        XCTAssertEqual(Self.encoder("mok2").encode(.key(.enter, .shift)), Array("\u{1B}[27;2;13~".utf8))
        XCTAssertEqual(Self.encoder("mok2-format1").encode(.key(.enter, .shift)), Array("\u{1B}[13;2u".utf8))
    }

    func testLevelZeroIsLegacyAndKeysXtermLeavesAloneStayLegacy() {
        let terminal = Terminal(columns: 80, rows: 24)
        terminal.feed("\u{1B}[>4;2m\u{1B}[>4m")   // no value: back to the initial 0
        XCTAssertEqual(InputEncoder(modes: terminal.modes).encode(.key(.enter, .shift)), [0x0D])
        let mok2 = Self.encoder("mok2")
        XCTAssertEqual(mok2.encode(.key(.up, .control)), Array("\u{1B}[1;5A".utf8))
        XCTAssertEqual(mok2.encode(.key(.function(5), .shift)), Array("\u{1B}[15;2~".utf8))
        XCTAssertEqual(mok2.encode(.key(.character("a"), [])), Array("a".utf8))
        XCTAssertEqual(mok2.encode(.text("é")), Array("é".utf8))
    }
}
