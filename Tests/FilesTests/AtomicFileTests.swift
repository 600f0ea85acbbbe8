import Foundation
import XCTest
@testable import Files

final class AtomicFileTests: XCTestCase {
    var dir: String!

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "/drover-files-\(UUID().uuidString.prefix(8))"
        try Directory.ensure(dir, mode: 0o700)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func testWriteReplacesContentAndSetsMode() throws {
        let path = dir + "/secret"
        try AtomicFile.write("one", to: path)
        try AtomicFile.write("two", to: path, mode: 0o600)
        XCTAssertEqual(try AtomicFile.read(path).map { String(decoding: $0, as: UTF8.self) }, "two")
        XCTAssertEqual(AtomicFile.mode(of: path), 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no temporary files remain")
    }

    func testReadOfMissingFileIsNil() throws {
        XCTAssertNil(try AtomicFile.read(dir + "/absent"))
    }

    func testWriteIntoMissingDirectoryFailsWithPath() {
        XCTAssertThrowsError(try AtomicFile.write("x", to: dir + "/no/such/file")) { error in
            XCTAssertTrue("\(error)".contains("/no/such/file"), "\(error)")
        }
    }

    func testRootDirectoryIsCreated0700() throws {
        let root = DroverRoot(environment: ["DROVER_HOME": dir + "/a/b"])
        try root.ensureExists()
        XCTAssertEqual(AtomicFile.mode(of: root.path), 0o700)
    }

    func testRootFallsBackToXDGThenHome() {
        XCTAssertEqual(DroverRoot(environment: ["XDG_CONFIG_HOME": "/x"]).path, "/x/drover")
        XCTAssertEqual(DroverRoot(environment: ["HOME": "/h"]).path, "/h/.config/drover")
    }

    func testLockSerialisesCriticalSections() throws {
        let lock = dir + "/lock"
        let counter = dir + "/counter"
        try AtomicFile.write("0", to: counter)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            try? FileLock.withExclusiveLock(lock) {
                let n = Int(String(decoding: try AtomicFile.read(counter)!, as: UTF8.self))!
                try AtomicFile.write(String(n + 1), to: counter)
            }
        }
        XCTAssertEqual(String(decoding: try AtomicFile.read(counter)!, as: UTF8.self), "8")
    }
}
