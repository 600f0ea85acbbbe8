import Foundation
import XCTest
import LibC
import TestSupport
@testable import Sessions

/// Which local files a paste may upload: only regular picture files (a link to one is fine),
/// never opening anything else (a FIFO or a device has effects of its own when opened), and
/// at most `maximumFiles` pictures and `maximumTotal` bytes per paste.
final class LocalImagesTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "drover-images")
    }

    override func tearDown() {
        dir?.remove()
    }

    /// A PNG signature followed by zeros, `size` bytes in all (sparse: no disk used).
    private func png(_ name: String, size: Int = 100) throws -> String {
        let path = dir.file(name)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(truncate(path, off_t(size)), 0)
        return path
    }

    private func describe(_ gathered: GatheredImages) -> String {
        switch gathered {
        case .images(let images): return "images \(images.count)"
        case .notImages: return "not images"
        case .failed(let message): return "failed: \(message)"
        }
    }

    func testAFIFONamedLikeAPictureIsNeverOpened() throws {
        let fifo = dir.file("shot.png")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // inotify reports every open of the FIFO, so "never opened" is observed, not timed.
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        XCTAssertGreaterThanOrEqual(watch, 0)
        defer { close(watch) }
        XCTAssertGreaterThanOrEqual(inotify_add_watch(watch, fifo, UInt32(IN_OPEN)), 0)
        var events = [UInt8](repeating: 0, count: 4096)

        XCTAssertEqual(describe(LocalImages.gather(paths: [fifo])), "not images", "pasted as typed")
        XCTAssertEqual(read(watch, &events, events.count), -1, "nothing opened the FIFO")

        // The watch does see an open (so the check above can fail).
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        close(reader)
        XCTAssertGreaterThan(read(watch, &events, events.count), 0)
    }

    func testALinkToAPictureIsReadAndADirectoryIsNot() throws {
        let picture = try png("real.png")
        let link = dir.file("link.png")
        XCTAssertEqual(symlink(picture, link), 0)
        XCTAssertEqual(describe(LocalImages.gather(paths: [link])), "images 1")
        XCTAssertEqual(describe(LocalImages.gather(paths: [dir.path])), "not images")
        XCTAssertEqual(describe(LocalImages.gather(paths: ["/dev/null"])), "not images")
    }

    func testTooManyPicturesPasteAsTypedAndSayWhy() throws {
        let paths = try (0...LocalImages.maximumFiles).map { try png("p\($0).png") }
        XCTAssertEqual(describe(LocalImages.gather(paths: paths)),
                       "failed: pasted as typed: this paste has 5 pictures, and one paste uploads at most 4 "
                       + "pictures of 40 MiB together; paste fewer at a time")
        XCTAssertEqual(describe(LocalImages.gather(paths: Array(paths.prefix(LocalImages.maximumFiles)))), "images 4")
    }

    func testPicturesOverTheTotalPasteAsTypedAndSayWhy() throws {
        let paths = try (0..<3).map { try png("big\($0).png", size: 15 * 1024 * 1024) }
        XCTAssertEqual(describe(LocalImages.gather(paths: paths)),
                       "failed: pasted as typed: this paste has 45 MiB of pictures, and one paste uploads at most 4 "
                       + "pictures of 40 MiB together; paste fewer at a time")
    }
}
