import XCTest
import Files
import LibC
import SSH
@testable import Console
@testable import Sessions

/// A banner over the row the front host's cursor is on gives way to the next key typed for that
/// host (a shell's echo and its prompt after Ctrl+C land there; a note up for its reading time
/// hid a prompt for seconds in `scripts/bench interrupt`), and one above the cursor stays. A
/// real `AttachRun` on a pseudo-terminal, its host over a fake connection.
final class AttachBannerTests: XCTestCase {
    /// Whether the banner is still up after the host drew `screen` and a key was typed.
    private func bannerUp(afterTypingWith screen: String) throws -> Bool {
        let fixture = try FakeLinkRun(hosts: ["one"])
        defer { fixture.close() }
        let run = fixture.run, link = fixture.links[0]
        link.hostSays(screen)
        try fixture.turn(until: { link.link.incoming.isEmpty }, "the host's screen was read")
        run.showBanner("one: a note that takes a few seconds to read")
        XCTAssertEqual(run.banner?.isUp(at: .now), true)
        run.typed(Array("x".utf8))
        return run.banner?.isUp(at: .now) ?? false
    }

    func testABannerOverTheCursorsRowGivesWayToAKey() throws {
        XCTAssertFalse(try bannerUp(afterTypingWith: String(repeating: "line\r\n", count: 30) + "$ "),
                       "the shell's prompt is on the last row: the key's echo must show")
    }

    func testABannerBelowTheCursorStaysItsTime() throws {
        XCTAssertTrue(try bannerUp(afterTypingWith: "\u{1B}[2J\u{1B}[H$ "), "the cursor is at the top: nothing hidden")
    }
}
