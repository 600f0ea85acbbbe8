import XCTest
@testable import Sessions

/// Placeholder until the module's issue lands: the module links.
final class SessionsModuleTests: XCTestCase {
    func testModuleLinks() { XCTAssertNotNil(SessionsModule.self) }
}
