import XCTest
@testable import Identity

/// Placeholder until the module's issue lands: the module links.
final class IdentityModuleTests: XCTestCase {
    func testModuleLinks() { XCTAssertNotNil(IdentityModule.self) }
}
