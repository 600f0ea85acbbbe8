import XCTest
import TextSafety

/// The `[user@]host[:port]` split `SSHEndpoint` and `JumpHop` share; each adds its own rules.
final class UserHostPortTests: XCTestCase {
    private func split(_ text: String) -> [String]? {
        UserHostPort(text).map { [$0.user ?? "-", $0.host, $0.port.map(String.init) ?? "-"] }
    }

    func testSplitsAtTheLastAtAndOneColonOrBrackets() {
        XCTAssertEqual(split("ann@box:2222"), ["ann", "box", "2222"])
        XCTAssertEqual(split("box"), ["-", "box", "-"])
        XCTAssertEqual(split("a@b@box"), ["a@b", "box", "-"], "the user ends at the last @")
        XCTAssertEqual(split("@box"), ["", "box", "-"], "an empty user is the reader's to refuse")
        XCTAssertEqual(split("ann@[::1]:2200"), ["ann", "::1", "2200"])
        XCTAssertEqual(split("[::1]"), ["-", "::1", "-"])
        XCTAssertEqual(split("fe80::1"), ["-", "fe80::1", "-"], "more than one colon: all host")
        XCTAssertEqual(split("ann@"), ["ann", "", "-"])
    }

    func testRefusesBadBracketsAndPorts() {
        for text in ["box:0", "box:65536", "box:x", "box:", "[::1", "[::1]x", "[::1]:", "[::1]:0"] {
            XCTAssertNil(UserHostPort(text), text)
        }
        XCTAssertEqual(UserHostPort("box:65535")?.port, 65535)
    }
}
