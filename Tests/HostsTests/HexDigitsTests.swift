import XCTest
import TextSafety

/// `HexDigits` is shared by the pairing link's `%XX`, a pasted `file:` URL and macOS's
/// clipboard dump: both cases, digit pairs only.
final class HexDigitsTests: XCTestCase {
    func testDigitsOfBothCases() {
        XCTAssertEqual(Array("09afAF".utf8).map(HexDigits.value), [0, 9, 10, 15, 10, 15])
        for other in Array("gG/:@` %".utf8) { XCTAssertNil(HexDigits.value(other), String(UnicodeScalar(other))) }
        XCTAssertEqual(HexDigits.byte(UInt8(ascii: "2"), UInt8(ascii: "f")), 0x2F)
        XCTAssertNil(HexDigits.byte(UInt8(ascii: "2"), UInt8(ascii: "g")))
    }

    func testDecodeTakesPairsOnly() {
        XCTAssertEqual(HexDigits.decode(Array("89504e47".utf8)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(HexDigits.decode(Array("".utf8)), [])
        XCTAssertNil(HexDigits.decode(Array("895".utf8)), "an odd count")
        XCTAssertNil(HexDigits.decode(Array("89 50".utf8)), "a space")
        XCTAssertEqual(HexDigits.decode("xx0Aff".utf8.dropFirst(2)), [0x0A, 0xFF], "a slice keeps its own indices")
    }
}
