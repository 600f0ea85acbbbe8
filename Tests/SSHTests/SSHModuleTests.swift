import XCTest
@testable import SSH

/// Placeholder until the module's issue lands: the module links.
final class SSHModuleTests: XCTestCase {
    func testModuleLinks() { XCTAssertNotNil(SSHModule.self) }
}
