import XCTest
@testable import Hosts

/// Foundation on Linux also exports a `Host` (NSHost); this file means the registry's.
private typealias Host = Hosts.Host

final class RemoteAttachCommandTests: XCTestCase {
    func testUnixDefaultSessionRunsHerdrThroughLoginShell() {
        let h = Host(name: "a", hostname: "a", user: "u")
        XCTAssertEqual(h.attachCommand, #"exec "$SHELL" -lc 'herdr'"#)
    }

    func testUnixNamedSession() {
        let h = Host(name: "a", hostname: "a", user: "u", session: "work")
        XCTAssertEqual(h.attachCommand, #"exec "$SHELL" -lc 'herdr session attach work'"#)
    }

    func testWindowsDefaultAndNamedSession() {
        XCTAssertEqual(Host(name: "a", hostname: "a", user: "u", platform: .windows).attachCommand, "herdr")
        XCTAssertEqual(Host(name: "a", hostname: "a", user: "u", platform: .windows, session: "w.1").attachCommand,
                       "herdr session attach w.1")
    }

    func testOverrideReplacesCommandVerbatimOnBothPlatforms() {
        let override = #"  cd ~/x && exec "$SHELL" -lc 'herdr'  "#
        for platform in Platform.allCases {
            let h = Host(name: "a", hostname: "a", user: "u", platform: platform, session: "s", command: override)
            XCTAssertEqual(h.attachCommand, override)
        }
    }
}
