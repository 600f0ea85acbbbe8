@testable import Pairing
@testable import QR
import XCTest

/// libqrencode and libpng are opened at their first use, not linked (ADR 0033, as ADR 0018 did
/// for zbar): found where they are installed, and when one is missing, the command that needed
/// it says so and how to install it instead of Drover failing at start.
final class OpenedLibrariesTests: XCTestCase {
    func testTheInstalledLibrariesAreFoundWithEveryFunction() throws {
        _ = try QREncodeLibrary.shared.get()
        _ = try PNGLibrary.shared.get()
    }

    func testAMissingQREncodeSaysHowToInstallIt() {
        guard case .failure(let error) = QREncodeLibrary.load(names: ["libdrover-no-qrencode.so.4"]) else {
            return XCTFail("a library that does not exist was opened")
        }
        guard case .libraryMissing(let reason) = error else { return XCTFail("\(error)") }
        XCTAssertTrue(reason.contains("libdrover-no-qrencode.so.4"), reason)
        XCTAssertTrue(error.description.contains("apt-get install libqrencode4"), error.description)
        XCTAssertTrue(error.description.contains("brew install qrencode"), error.description)
    }

    func testAMissingPNGLibrarySaysHowToInstallIt() {
        guard case .failure(let error) = PNGLibrary.load(names: ["libdrover-no-png16.so.16"]) else {
            return XCTFail("a library that does not exist was opened")
        }
        guard case .pngReaderMissing(let reason) = error else { return XCTFail("\(error)") }
        XCTAssertTrue(reason.contains("libdrover-no-png16.so.16"), reason)
        XCTAssertTrue(error.description.contains("apt-get install libpng16-16"), error.description)
        XCTAssertTrue(error.description.contains("brew install libpng"), error.description)
    }

    /// libpng's own message comes back through the C layout of `png_image` (PNGImageRecord).
    func testLibpngsMessageIsReadFromTheRecord() throws {
        let png = try PNGLibrary.shared.get()
        let truncated = Array(PNGReader.signature + [0, 0, 0, 13] + Array("IHDR".utf8))
        XCTAssertThrowsError(try PNGReader.read(truncated, with: png)) { error in
            guard case .malformed(let message) = error as? ImageReadFailure else { return XCTFail("\(error)") }
            XCTAssertNotEqual(message, "libpng could not read it", "libpng's message was not read")
            XCTAssertFalse(message.isEmpty)
        }
    }
}
