import XCTest
@testable import Console

/// Placeholder until the module's issue lands: the module links.
final class ConsoleModuleTests: XCTestCase {
    func testModuleLinks() { XCTAssertNotNil(ConsoleModule.self) }
}
