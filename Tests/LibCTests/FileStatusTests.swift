import Foundation
import LibC
import XCTest

/// `stat.modificationSeconds` is the file's real modification time.
final class FileStatusTests: XCTestCase {
    func testModificationSecondsIsTheTimeSet() throws {
        let path = NSTemporaryDirectory() + "/drover-libc-mtime-\(getpid())"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        defer { unlink(path) }
        let when = 1_234_567_890
        var times = [timeval(tv_sec: when, tv_usec: 0), timeval(tv_sec: when, tv_usec: 0)]
        XCTAssertEqual(utimes(path, &times), 0)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.modificationSeconds, when)
    }
}
