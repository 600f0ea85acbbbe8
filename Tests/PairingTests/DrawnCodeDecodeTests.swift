import Foundation
@testable import Pairing
import QR
import TestSupport
import XCTest

/// The codes the built `drover` draws decode, with zbar in-process and with Debian's
/// `zbarimg` (a separate program a person could use), to exactly what they stand for.
final class DrawnCodeDecodeTests: XCTestCase {
    private var scratch: TemporaryDirectory!

    override func setUpWithError() throws { scratch = try TemporaryDirectory(prefix: "drover-drawn-code") }
    override func tearDown() { scratch?.remove() }

    func testKeyQRAsDrawnDecodesToThePublicKeyLine() throws {
        let result = try Shell.execute(DroverBinary.path, ["key", "--qr"], environment: ["DROVER_HOME": scratch.file("home")])
        XCTAssertEqual(result.status, 0, result.stderr)
        let publicLine = try XCTUnwrap(result.stdout.split(separator: "\n").first.map(String.init))
        XCTAssertTrue(publicLine.hasPrefix("ssh-ed25519 "), publicLine)
        let rows = TerminalCellsPicture.codeRows(in: result.stdout)
        XCTAssertEqual(try TerminalCellsPicture.decode(rows), [publicLine])

        let path = scratch.file("key.pgm")
        try TerminalCellsPicture.pgm(TerminalCellsPicture.image(of: rows)).write(to: URL(fileURLWithPath: path))
        let zbarimg = try Shell.execute("/usr/bin/zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path])
        XCTAssertEqual(zbarimg.status, 0, "zbarimg is installed by scripts/bootstrap (zbar-tools): \(zbarimg.stderr)")
        XCTAssertEqual(zbarimg.stdout, publicLine + "\n")
    }

    func testLongestLinkDecodesWithZbarimgToo() throws {
        let link = QRCodeTests.longestLink().format()
        let path = scratch.file("longest.pgm")
        let rows = try QRCode(link, errorCorrection: .low).glyphRows
        try TerminalCellsPicture.pgm(TerminalCellsPicture.image(of: rows, surround: 0)).write(to: URL(fileURLWithPath: path))
        let zbarimg = try Shell.execute("/usr/bin/zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path])
        XCTAssertEqual(zbarimg.status, 0, zbarimg.stderr)
        XCTAssertEqual(zbarimg.stdout, link + "\n")
    }
}
