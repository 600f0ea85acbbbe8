import Foundation
import XCTest
@testable import Render

/// evidence/kitty-notify-e2e.txt (scripts/kitty-notify-e2e, real kitty under Xvfb) against what
/// Drover writes for kitty today: the notifications kitty's parser dispatched must be Drover's
/// OSC 99 pieces for a host's `build`/`done`, so a change to the encoding fails here, without X,
/// until the evidence is captured again.
final class KittyNotifyEvidenceTests: XCTestCase {
    private static var evidence: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("evidence/kitty-notify-e2e.txt").path
    }

    func testKittyTookDroversOSC99AsItsOwnDesktopNotification() throws {
        let text = try String(contentsOfFile: Self.evidence, encoding: .utf8)
        XCTAssertTrue(text.contains("# kitty "), "captured with a real kitty")
        let dispatched = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("desktop_notify ") }
        // What Drover writes for kitty, in the form kitty's --dump-commands prints it:
        // "desktop_notify 99 PAYLOAD" for each ESC ] 99 ; PAYLOAD ESC \.
        let bytes = ConsoleAlert.notification(title: "drover: lab", body: "build: done").encoded(style: .osc99)
        let expected = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}]99;")
            .filter { !$0.isEmpty }
            .map { "desktop_notify 99 " + $0.replacingOccurrences(of: "\u{1B}\\", with: "") }
        XCTAssertEqual(expected.count, 2)
        XCTAssertEqual(dispatched, expected, text)
        XCTAssertTrue(text.contains("the host wrote: \\e]99;i=7:d=0;build\\e\\\\e]99;i=7:p=body;done\\e\\"), text)
        XCTAssertFalse(text.contains("DIFFERENT"), text)
        XCTAssertTrue(text.contains("drover attach exited 0"), text)
    }
}
