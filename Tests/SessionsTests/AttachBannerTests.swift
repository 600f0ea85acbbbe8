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
    private var master: Int32 = -1
    private var slave: Int32 = -1

    override func setUpWithError() throws {
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw XCTSkip("no pseudo-terminal here") }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    override func tearDown() {
        _ = LibC.close(master)
        _ = LibC.close(slave)
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(master, &buffer, buffer.count) > 0 {}
    }

    /// Whether the banner is still up after the host drew `screen` and a key was typed.
    private func bannerUp(afterTypingWith screen: String) throws -> Bool {
        let console = try ConsoleSession(input: slave, output: slave)
        defer { drain(); console.restore() }
        let target = AttachTarget(displayName: "one", endpoint: SSHEndpoint(host: "one", port: 22, user: "me"),
                                  command: "herdr", host: nil)
        let run = try AttachRun(targets: [target], console: console,
                                root: DroverRoot(path: NSTemporaryDirectory() + "drover-banner-\(getpid())"),
                                environment: ["TERM": "xterm-256color"], options: SSHOptions(), keepaliveInterval: 15)
        defer { run.close() }
        let host = run.drivers[0], link = FakeLinkConnection()
        host.attach(link, generation: host.beginConnect())
        host.startDelivering()
        link.hostSays(screen)
        for _ in 0..<50 where !link.link.incoming.isEmpty {
            try run.loop.runOnce()
            drain()
        }
        XCTAssertTrue(link.link.incoming.isEmpty, "the host's screen was read")
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
