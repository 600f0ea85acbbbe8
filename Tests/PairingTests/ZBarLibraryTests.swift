@testable import Pairing
import XCTest

/// zbar is opened at the first scan (ADR 0018): it is found where it is installed, and when it
/// is not, scanning says so and how to install it instead of failing at start.
final class ZBarLibraryTests: XCTestCase {
    func testTheInstalledLibraryIsFoundWithEveryFunction() throws {
        _ = try ZBarLibrary.shared.get()
    }

    func testAMissingLibrarySaysHowToInstallIt() {
        guard case .failure(let error) = ZBarLibrary.load(names: ["libdrover-no-zbar.so.0"]) else {
            return XCTFail("a library that does not exist was opened")
        }
        guard case .scannerMissing(let reason) = error else { return XCTFail("\(error)") }
        XCTAssertTrue(reason.contains("libdrover-no-zbar.so.0"), reason)
        XCTAssertTrue(error.description.contains("apt-get install libzbar0"), error.description)
        XCTAssertTrue(error.description.contains("brew install zbar"), error.description)
    }
}
