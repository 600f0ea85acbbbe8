import XCTest
@testable import Render

/// Placeholder until the module's issue lands: the module links.
final class RenderModuleTests: XCTestCase {
    func testModuleLinks() { XCTAssertNotNil(RenderModule.self) }
}
