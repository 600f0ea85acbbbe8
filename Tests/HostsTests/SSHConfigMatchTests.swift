import XCTest
import TestSupport
@testable import Hosts

/// Findings of a new-user trial: a Match block whose host patterns rule a host out is not listed
/// under that host (Match is never evaluated, so any other criterion still is), and a user name
/// with a space is named as such rather than as "uses tokens".
final class SSHConfigMatchTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var files: SSHConfigFiles { SSHConfigFiles(home: dir.path) }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-sshconfig-match") }
    override func tearDown() { dir.remove() }

    func testAMatchBlockIsListedOnlyUnderHostsItMayApplyTo() {
        let result = SSHConfigImport.parse("""
            Host box
              HostName box.lan
            Host pi
              HostName pi.lan
            Match host foo
              User root
            Match originalhost pi
              User pi
            Match host *.lan exec "true"
              User x
            """, files: files)
        let notes = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.alias, $0.notCarriedOver) })
        XCTAssertEqual(notes["box"], ["Match block (line 9)"])
        XCTAssertEqual(notes["pi"], ["Match block (line 7)", "Match block (line 9)"])
    }

    func testAUserWithASpaceIsNamedAsSuch() {
        let result = SSHConfigImport.parse("Host box\n  User bad user\n", files: files)
        XCTAssertEqual(result.skipped.first?.reason, "line 2: User 'bad user' has a space in it; a user name is one word: correct that line")
    }
}
