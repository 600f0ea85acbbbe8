import XCTest
@testable import Hosts

final class RemoteAttachCommandTests: XCTestCase {
    func testUnixDefaultSessionRunsHerdrThroughLoginShell() {
        let h = HostEntry(name: "a", hostname: "a", user: "u")
        XCTAssertEqual(h.attachCommand, #"exec "$SHELL" -lc 'herdr'"#)
    }

    func testUnixNamedSession() {
        let h = HostEntry(name: "a", hostname: "a", user: "u", session: "work")
        XCTAssertEqual(h.attachCommand, #"exec "$SHELL" -lc 'herdr session attach work'"#)
    }

    func testWindowsDefaultAndNamedSession() {
        XCTAssertEqual(HostEntry(name: "a", hostname: "a", user: "u", platform: .windows).attachCommand, "herdr")
        XCTAssertEqual(HostEntry(name: "a", hostname: "a", user: "u", platform: .windows, session: "w.1").attachCommand,
                       "herdr session attach w.1")
    }

    func testOverrideReplacesCommandVerbatimOnBothPlatforms() {
        let override = #"  cd ~/x && exec "$SHELL" -lc 'herdr'  "#
        for platform in Platform.allCases {
            let h = HostEntry(name: "a", hostname: "a", user: "u", platform: platform, session: "s", command: override)
            XCTAssertEqual(h.attachCommand, override)
        }
    }
}
