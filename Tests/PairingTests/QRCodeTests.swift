import XCTest
@testable import Pairing
@testable import QR

/// Every code is checked by decoding it with zbar from a picture of its terminal cells, as a
/// camera would see them.
final class QRCodeTests: XCTestCase {
    private let publicLine = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl drover@laptop"

    /// The longest link a real `pair-host` makes: three host names (MagicDNS name, short name,
    /// Tailscale address), three fingerprints with escaped `+` and `/`, a 64-character computer
    /// name and session, a 32-character account (Linux's longest), a 5-digit port and `windows`:
    /// 511 bytes, within the 520 a version 15 code holds at low correction (the widest that fits
    /// 80 columns). Longer links still get a code, one too wide for 80 columns.
    static func longestLink() -> PairingLink {
        PairingLink(id: "Zm9vYmFyYmF6cXV4cXV1eA", computerName: "Build-workstation-in-the-office-on-the-third-floor-of-block-B-42",
                    user: "a-thirty-two-character-account-n", platform: .windows,
                    addresses: ["workstation.tail1a2b3c.ts.net", "workstation", "100.127.255.254"], port: 65535,
                    hostKeyFingerprints: ["SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
                                          "SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3t+2s",
                                          "SHA256:p2QAMXNIC1TJYWeIOttrVc98/R1BUFWu3/LiyKgUfQM"],
                    seed: (0..<32).map { UInt8($0 * 7 & 0xFF) }, expiry: 1_900_000_000,
                    session: String(repeating: "s", count: 60) + ".1_-")
    }

    func testPublicKeyLineDecodesAtBothCorrectionLevels() throws {
        for level in [QRCode.ErrorCorrection.medium, .low] {
            let code = try QRCode(publicLine, errorCorrection: level)
            XCTAssertEqual(try TerminalCellsPicture.decode(code.glyphRows), [publicLine], "\(level)")
        }
    }

    func testLongestLinkDecodesAndFitsIn80Columns() throws {
        let link = Self.longestLink().format()
        XCTAssertEqual(link.split(separator: ",").count, 5, "three hosts and three fingerprints")
        let code = try QRCode(link, errorCorrection: .low)
        XCTAssertLessThanOrEqual(code.textSize.columns, 80)
        XCTAssertTrue(code.glyphRows.allSatisfy { $0.count == code.textSize.columns })
        XCTAssertEqual(code.glyphRows.count, code.textSize.rows)
        XCTAssertEqual(try TerminalCellsPicture.decode(code.glyphRows), [link])
        XCTAssertEqual(try PairingLink.parse(link, now: Date(timeIntervalSince1970: 1_900_000_000 - 60)), Self.longestLink())
    }

    func testCodesDecodeOnADarkTerminalWithOnlyTheirDrawnQuietZone() throws {
        for text in [publicLine, Self.longestLink().format()] {
            let code = try QRCode(text, errorCorrection: .low)
            let picture = TerminalCellsPicture.image(of: code.glyphRows, surround: 0)
            XCTAssertEqual(try QRScanner.decode(picture).map { String(decoding: $0, as: UTF8.self) }, [text])
        }
    }

    func testShortCodesKeepTheFullQuietZoneAndLongOnesNarrowItToFit() throws {
        let short = try QRCode(publicLine)
        XCTAssertEqual(short.sideQuietZone, 4)
        XCTAssertEqual(short.textSize, QRCode.TextSize(columns: short.width + 8, rows: (short.width + 9) / 2))
        XCTAssertTrue(short.glyphRows.allSatisfy { $0.hasPrefix("    ") && $0.hasSuffix("    ") })
        let long = try QRCode(Self.longestLink().format(), errorCorrection: .low)
        XCTAssertEqual(long.version, 15)
        XCTAssertEqual(long.sideQuietZone, 1)
        XCTAssertEqual(long.textSize.columns, 79)
    }

    func testRenderedRowsAreDarkOnLightAndResetAtEachLineEnd() throws {
        let text = try QRCode.render(publicLine)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "")
        let code = try QRCode(publicLine)
        XCTAssertEqual(lines.dropLast().map(String.init), code.glyphRows.map { "\u{1b}[38;5;16;48;5;231m" + $0 + "\u{1b}[0m" })
    }

    func testEmptyAndOversizedTextAreErrors() {
        XCTAssertThrowsError(try QRCode("")) { XCTAssertEqual($0 as? QRCodeError, .empty) }
        XCTAssertThrowsError(try QRCode(String(repeating: "x", count: 3000))) {
            XCTAssertEqual($0 as? QRCodeError, .tooLong(bytes: 3000))
        }
    }
}
