import Foundation
import XCTest
import SSH
import TestSupport

/// PTY channels: requested size and TERM, and window changes.
final class PTYTests: XCTestCase {
    private var fixture: SSHFixture!

    override func setUpWithError() throws { fixture = try SSHFixture() }
    override func tearDown() { fixture.tearDown() }

    func testPTYExecReportsRequestedSizeAndTerm() throws {
        let session = try fixture.session()
        let channel = try session.exec("echo \"size=$(stty size) term=$TERM\"", pty: SSHPTYRequest(columns: 101, rows: 33))
        var stdout: [UInt8] = []
        let exit = try channel.readToEnd(timeout: 10) { stdout += $0.stdout }
        XCTAssertEqual(stdout.text.trimmingCharacters(in: .whitespacesAndNewlines), "size=33 101 term=xterm-256color")
        XCTAssertEqual(exit.status, 0)
    }

    func testLoginShellOnPTYRunsTypedCommands() throws {
        let session = try fixture.session()
        let channel = try session.exec(nil, pty: SSHPTYRequest(columns: 90, rows: 20))
        try channel.writeAll(Array("echo shell-$((2+3)); exit 4\n".utf8))
        var stdout: [UInt8] = []
        let exit = try channel.readToEnd(timeout: 10) { stdout += $0.stdout }
        XCTAssertTrue(stdout.text.contains("shell-5"), stdout.text)
        XCTAssertEqual(exit.status, 4)
    }

    func testClosingARunningPTYCommandHangsItUp() throws {
        let session = try fixture.session()
        let channel = try session.exec("echo started; exec sleep 60", pty: SSHPTYRequest())
        var reader = ChannelReader(channel)
        _ = try reader.read(until: "started")
        let exit = try channel.close()
        XCTAssertEqual(exit.signal, "HUP")
        XCTAssertEqual(try session.run(command: "echo after").stdout.text, "after\n", "the session stays usable")
    }

    func testExecWithoutPTYHasNoTerminal() throws {
        let session = try fixture.session()
        let result = try session.run(command: "test -t 0 && echo tty || echo no-tty")
        XCTAssertEqual(result.stdout.text, "no-tty\n")
    }

    func testResizeChangesSttySize() throws {
        let session = try fixture.session()
        // A shell loop answers each input line with the current size: the line written after
        // the resize is the synchronisation point (the window change travels before it).
        let loop = "stty -echo; echo ready; while IFS= read -r line; do echo \"size $(stty size) $line\"; done"
        let channel = try session.exec(loop, pty: SSHPTYRequest(columns: 80, rows: 24))
        var reader = ChannelReader(channel)
        _ = try reader.read(until: "ready")
        try channel.writeAll(Array("one\n".utf8))
        XCTAssertTrue(try reader.read(until: "one").contains("size 24 80 one"), reader.text)

        try channel.resize(columns: 132, rows: 50)
        try channel.writeAll(Array("two\n".utf8))
        XCTAssertTrue(try reader.read(until: "two").contains("size 50 132 two"), reader.text)

        try channel.writeAll([0x04])   // ^D: end of input for a program on a PTY
        let exit = try channel.readToEnd(timeout: 10) { _ in }
        XCTAssertEqual(exit.status, 0)
    }
}
