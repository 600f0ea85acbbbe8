import Foundation
import LibC
import XCTest

/// pair-host writes its own path into `authorized_keys`: it must be the real, absolute file,
/// found the same way on every system, and `argv[0]` is resolved like a shell would.
final class ExecutablePathTests: XCTestCase {
    private var scratch = ""

    override func setUpWithError() throws {
        var template = Array((NSTemporaryDirectory() + "/drover-libc-XXXXXX").utf8CString)
        let made = try XCTUnwrap(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) })
        scratch = try XCTUnwrap(canonicalPath(String(cString: made)))
        XCTAssertEqual(mkdir(scratch + "/bin", 0o700), 0)
        XCTAssertEqual(mkdir(scratch + "/other", 0o700), 0)
    }

    override func tearDown() {
        for name in ["bin/tool", "other/tool", "link"] { unlink(scratch + "/" + name) }
        for name in ["bin", "other", ""] { rmdir(scratch + "/" + name) }
    }

    func testTheRunningExecutableIsAnAbsoluteCanonicalExecutableFile() throws {
        let path = try XCTUnwrap(currentExecutablePath())
        XCTAssertTrue(path.hasPrefix("/"), path)
        XCTAssertEqual(canonicalPath(path), path)
        XCTAssertEqual(access(path, X_OK), 0, path)
    }

    func testABareNameIsSearchedInPathSkippingFilesThatCannotRun() throws {
        try make(scratch + "/other/tool", mode: 0o600)
        try make(scratch + "/bin/tool", mode: 0o700)
        let found = resolveExecutable(argument0: "tool", searchPath: "/nonexistent:\(scratch)/other:\(scratch)/bin")
        XCTAssertEqual(found, scratch + "/bin/tool")
        XCTAssertNil(resolveExecutable(argument0: "tool", searchPath: "/nonexistent:\(scratch)/other"))
    }

    func testANameWithASlashIsResolvedThroughLinks() throws {
        try make(scratch + "/bin/tool", mode: 0o700)
        XCTAssertEqual(symlink(scratch + "/bin/tool", scratch + "/link"), 0)
        XCTAssertEqual(resolveExecutable(argument0: scratch + "/bin/../link", searchPath: ""), scratch + "/bin/tool")
        XCTAssertNil(resolveExecutable(argument0: scratch + "/missing", searchPath: scratch + "/bin"))
        XCTAssertNil(resolveExecutable(argument0: "", searchPath: scratch + "/bin"))
    }

    private func make(_ path: String, mode: mode_t) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode)
        XCTAssertGreaterThanOrEqual(fd, 0, path)
        close(fd)
        XCTAssertEqual(chmod(path, mode), 0)
    }
}
