import Foundation
import XCTest

/// The README names the Debian packages `scripts/bootstrap` installs, so a person can install
/// them by hand or see what the script will change. Written twice, so compared here: the
/// README once lacked libzbar while bootstrap installed it.
final class BootstrapPackagesTests: XCTestCase {
    func testTheREADMEListsExactlyTheDebianPackagesBootstrapInstalls() throws {
        let script = try Repository.text("scripts/bootstrap")
        let line = try XCTUnwrap(script.split(separator: "\n").first { $0.hasPrefix("packages=(") },
                                 "scripts/bootstrap has no packages=(...) line")
        let installed = line.dropFirst("packages=(".count).prefix { $0 != ")" }.split(separator: " ").map(String.init)
        XCTAssertTrue(installed.contains("libzbar-dev"), "\(installed)")

        let readme = try Repository.text("README.md")
        let marker = "Debian packages `scripts/bootstrap` installs:"
        let start = try XCTUnwrap(readme.range(of: marker), "README.md lacks '\(marker)'")
        let paragraph = readme[start.upperBound...].prefix { $0 != "." }
        let listed = paragraph.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        XCTAssertEqual(listed, installed, "README.md's package list and scripts/bootstrap's packages=(...) differ")
    }
}
