import XCTest
@testable import Hosts

/// Placeholder until the module's issue lands: the module links.
final class HostsModuleTests: XCTestCase {
    func testModuleLinks() { XCTAssertNotNil(HostsModule.self) }
}
