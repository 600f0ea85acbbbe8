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

    /// Each missing library's message: the loader's reason and both install commands.
    func testAMissingLibrarySaysHowToInstallIt() {
        var qrencode: (reason: String, said: String)?, png: (reason: String, said: String)?
        if case .failure(let error) = QREncodeLibrary.load(names: ["libdrover-no-qrencode.so.4"]),
           case .libraryMissing(let reason) = error { qrencode = (reason, error.description) }
        if case .failure(let error) = PNGLibrary.load(names: ["libdrover-no-png16.so.16"]),
           case .pngReaderMissing(let reason) = error { png = (reason, error.description) }
        let cases = [(qrencode, "libdrover-no-qrencode.so.4", ["apt-get install libqrencode4", "brew install qrencode"]),
                     (png, "libdrover-no-png16.so.16", ["apt-get install libpng16-16", "brew install libpng"])]
        for (failure, name, installs) in cases {
            guard let failure else { XCTFail("\(name) was opened, or failed for another reason"); continue }
            XCTAssertTrue(failure.reason.contains(name), failure.reason)
            for install in installs { XCTAssertTrue(failure.said.contains(install), failure.said) }
        }
    }

    /// A library found but without a function Drover calls is named with that function.
    func testALibraryWithoutAFunctionSaysWhichIsMissing() {
        guard case .failure(.libraryMissing(let reason)) = QREncodeLibrary.load(names: ["libc.so.6", "libc.dylib"]) else {
            return XCTFail("libc was taken for libqrencode")
        }
        XCTAssertEqual(reason, "the qrencode library has no QRcode_encodeData")
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
