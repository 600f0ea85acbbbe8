import XCTest
@testable import Pairing

/// Placeholder until the module's issue lands: the module links.
final class PairingModuleTests: XCTestCase {
    func testModuleLinks() { XCTAssertNotNil(PairingModule.self) }
}
