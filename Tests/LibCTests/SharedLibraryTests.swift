import LibC
import XCTest

/// Libraries opened on demand (ADR 0018): the first name that loads is used, its functions are
/// callable, and a library that is not there is reported with the loader's reason.
final class SharedLibraryTests: XCTestCase {
    private typealias Strlen = @convention(c) (UnsafePointer<CChar>?) -> Int

    func testOpensTheFirstNameThatLoadsAndCallsItsFunctions() throws {
        let library = try SharedLibrary(firstOf: ["libdrover-no-such-library.so.9", "libc.so.6", "libSystem.B.dylib"])
        let strlen = try XCTUnwrap(library.function("strlen", as: Strlen.self))
        XCTAssertEqual("drover".withCString { strlen($0) }, 6)
        XCTAssertNil(library.function("drover_no_such_function", as: Strlen.self))
    }

    func testAMissingLibraryGivesTheLoadersReasonForEachName() {
        XCTAssertThrowsError(try SharedLibrary(firstOf: ["libdrover-missing-a.so.1", "libdrover-missing-b.so.1"])) { error in
            let reasons = (error as? SharedLibrary.LoadFailure)?.reasons ?? []
            XCTAssertEqual(reasons.count, 2)
            XCTAssertTrue(reasons[0].contains("libdrover-missing-a.so.1"), "\(reasons)")
            XCTAssertTrue(reasons[1].contains("libdrover-missing-b.so.1"), "\(reasons)")
        }
    }
}
