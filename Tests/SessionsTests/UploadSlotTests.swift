import XCTest
@testable import Sessions

/// A link's upload slot without SFTP: one upload at a time, a tag of its own each, and the
/// temporary name a cut-off upload left is handed to the next one until one finishes.
final class UploadSlotTests: XCTestCase {
    final class Upload {
        let abandoned: Set<String>
        let tag: String
        init(abandoned: Set<String>, tag: String) {
            self.abandoned = abandoned
            self.tag = tag
        }
    }

    func testOneUploadAtATimeEachWithItsOwnTag() throws {
        var slot = UploadSlot<Upload>()
        let first = try XCTUnwrap(slot.start(Upload.init))
        XCTAssertNil(slot.start(Upload.init), "one runs already")
        XCTAssertTrue(slot.active === first)
        slot.finished()
        XCTAssertNil(slot.active)
        let second = try XCTUnwrap(slot.start(Upload.init))
        XCTAssertTrue(first.tag.hasSuffix("-1") && second.tag.hasSuffix("-2"), "\(first.tag) \(second.tag)")
        XCTAssertEqual(first.tag.split(separator: "-").first, second.tag.split(separator: "-").first, "the same process")
    }

    func testACutOffUploadsNameIsRemovedByTheNextUntilOneFinishes() throws {
        var slot = UploadSlot<Upload>()
        XCTAssertNil(slot.cutOff(leaving: "x"), "nothing runs: nothing to cut off")
        let first = try XCTUnwrap(slot.start(Upload.init))
        XCTAssertEqual(first.abandoned, [])
        XCTAssertTrue(slot.cutOff(leaving: ".drover-1.part") === first)
        XCTAssertNil(slot.active)
        _ = slot.start(Upload.init)
        slot.cutOff(leaving: nil)
        let third = try XCTUnwrap(slot.start(Upload.init))
        XCTAssertEqual(third.abandoned, [".drover-1.part"], "kept until an upload finishes")
        slot.finished()
        XCTAssertEqual(try XCTUnwrap(slot.start(Upload.init)).abandoned, [], "the finished one removed it")
    }
}
