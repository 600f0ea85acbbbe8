import Foundation
@testable import Pairing
import QR
import TestSupport
import XCTest

/// `drover pair --scan`'s reader: every supported format gives the link back, and every
/// picture without exactly one pairing code is a clear error that shows none of its text.
final class PairingPictureTests: XCTestCase {
    private var scratch: TemporaryDirectory!
    private let link = QRCodeTests.longestLink().format()

    override func setUpWithError() throws { scratch = try TemporaryDirectory(prefix: "drover-picture") }
    override func tearDown() { scratch?.remove() }

    private func picture(of text: String) throws -> GrayImage {
        TerminalCellsPicture.image(of: try QRCode(text, errorCorrection: .low).glyphRows)
    }

    private func file(_ name: String, _ data: Data) throws -> String {
        let path = scratch.file(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    private func failure(_ name: String, _ data: Data) throws -> PictureError? {
        let path = try file(name, data)
        do {
            _ = try PairingPicture.link(fromFile: path)
            return nil
        } catch {
            for decoded in ["pair?v=", "example.com"] {
                XCTAssertFalse(error.description.contains(decoded), "no decoded text in errors: \(error)")
            }
            return error
        }
    }

    func testEveryNetpbmVariantAndPNGGiveTheLink() throws {
        let image = try picture(of: link)
        var files = PictureFiles.netpbm(image)
        files["png-gray"] = PictureFiles.png(image)
        files["png-transparent"] = PictureFiles.png(image, transparentLight: true)
        XCTAssertEqual(files.count, 9)
        for (name, data) in files {
            XCTAssertEqual(try PairingPicture.link(fromFile: try file(name, data)), link, name)
        }
    }

    func testAPictureWithoutACodeSaysToRetakeIt() throws {
        let blank = GrayImage(width: 200, height: 100, pixels: Array(repeating: 255, count: 20000))!
        let path = scratch.file("blank.png")
        XCTAssertEqual(try failure("blank.png", PictureFiles.png(blank)), .noCode(path: path))
        XCTAssertTrue(PictureError.noCode(path: path).description.contains("shows only the pairing code, whole and sharp"))
    }

    func testSeveralCodesAreRefused() throws {
        let one = try picture(of: link), two = try picture(of: "herdr://pair?v=1")
        let height = max(one.height, two.height), width = one.width + two.width
        var pixels = [UInt8](repeating: 255, count: width * height)
        for (image, x0) in [(one, 0), (two, one.width)] {
            for y in 0..<image.height { for x in 0..<image.width { pixels[y * width + x0 + x] = image.pixels[y * image.width + x] } }
        }
        let both = GrayImage(width: width, height: height, pixels: pixels)!
        XCTAssertEqual(try failure("two.pgm", PictureFiles.netpbm(both)["P5"]!), .severalCodes(path: scratch.file("two.pgm"), count: 2))
    }

    func testACodeThatIsNotAPairingLinkIsRefused() throws {
        let data = PictureFiles.netpbm(try picture(of: "https://example.com/herdr://pair?v=1"))["P5"]!
        XCTAssertEqual(try failure("other.pgm", data), .notAPairingCode(path: scratch.file("other.pgm")))
    }

    func testHugeDimensionsAreRefusedBeforeAnyAllocation() throws {
        XCTAssertEqual(try failure("huge.pgm", Data("P5 9000 10 255\n".utf8)),
                       .tooLargeImage(path: scratch.file("huge.pgm"), width: 9000, height: 10))
        XCTAssertEqual(try failure("claims.pbm", Data("P1 8192 8192\n0 1".utf8)),
                       .malformed(path: scratch.file("claims.pbm"), format: "Netpbm", problem: "the raster is shorter than the header says"))
        XCTAssertEqual(try failure("digits.pgm", Data("P5 1234567 10 255\n".utf8)),
                       .malformed(path: scratch.file("digits.pgm"), format: "Netpbm", problem: "the width has too many digits"))
        // A PNG claiming 10000 x 10000, with an empty IDAT: the header alone must stop it.
        var ihdr = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        ihdr += Data([0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10, 8, 0, 0, 0, 0])
        ihdr += Data([0x9F, 0x25, 0x3D, 0xFB])  // CRC of the chunk type and data above.
        ihdr += Data([0, 0, 0, 0, 0x49, 0x44, 0x41, 0x54, 0x35, 0xAF, 0x06, 0x1E])
        XCTAssertEqual(try failure("huge.png", ihdr), .tooLargeImage(path: scratch.file("huge.png"), width: 10000, height: 10000))
    }

    func testBrokenAndUnknownFilesSayWhatToDo() throws {
        XCTAssertEqual(try failure("short.pgm", Data("P5 10 10 255\n".utf8) + Data(repeating: 0, count: 50)),
                       .malformed(path: scratch.file("short.pgm"), format: "Netpbm", problem: "the raster is shorter than the header says"))
        XCTAssertEqual(try failure("bad.pbm", Data("P1 2 1\n0 2".utf8)),
                       .malformed(path: scratch.file("bad.pbm"), format: "Netpbm", problem: "a PBM pixel is not 0 or 1"))
        guard case .malformed(_, "PNG", _)? = try failure("bad.png", Data(PNGReader.signature + [1, 2, 3])) else {
            return XCTFail("a broken PNG is malformed")
        }
        XCTAssertEqual(try failure("x.gif", Data("GIF89a".utf8)), .unsupportedFormat(path: scratch.file("x.gif")))
        XCTAssertTrue(PictureError.unsupportedFormat(path: "x.gif").description.contains("save the picture as PNG"))
        XCTAssertThrowsError(try PairingPicture.link(fromFile: scratch.file("missing.png"))) {
            XCTAssertEqual($0 as? PictureError, .unreadable(path: self.scratch.file("missing.png"), reason: "no such file"))
        }
        XCTAssertThrowsError(try PairingPicture.link(fromFile: scratch.path)) {
            XCTAssertEqual($0 as? PictureError, .unreadable(path: self.scratch.path,
                                                             reason: "is not a regular file (it is a directory)"))
        }
    }

    func testAFIFOInPlaceOfThePictureIsRefusedNotWaitedOn() throws {
        let path = scratch.file("code.png")
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertThrowsError(try PairingPicture.link(fromFile: path)) {
            XCTAssertEqual($0 as? PictureError, .unreadable(path: path, reason: "is not a regular file (it is a FIFO)"))
        }
    }

    func testAFileLargerThanTheBoundIsRefusedWithoutReadingItAll() throws {
        let path = scratch.file("big.ppm")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(PairingPicture.maximumFileBytes + 1))
        try handle.close()
        XCTAssertThrowsError(try PairingPicture.link(fromFile: path)) {
            XCTAssertEqual($0 as? PictureError, .tooLargeFile(path: path, bytes: PairingPicture.maximumFileBytes + 1))
        }
    }
}
