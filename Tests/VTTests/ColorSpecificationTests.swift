import XCTest
@testable import VT

/// Every colour syntax xterm parses; expected values are xterm 379's answers under Xvfb
/// (XtermCorpus/colours-every-spec and colours-more-syntax).
final class ColorSpecificationTests: XCTestCase {
    private func hex(_ spec: String) -> String? {
        ColorSpecification.parse(Substring(spec)).map { String(format: "%02x%02x%02x", $0.red, $0.green, $0.blue) }
    }

    func testDeviceIndependentSpecificationsConvertAsXlibDoes() {
        XCTAssertEqual(hex("rgbi:0.5/0.25/1"), "c18dff")       // Xlib's default intensity tables
        XCTAssertEqual(hex("rgbi:1/0.5/0.25"), "ffbb8e")
        XCTAssertEqual(hex("rgbi:0/0/0"), "000000")
        XCTAssertEqual(hex("CIEXYZ:0.3/0.4/0.5"), "7bb8a1")
        XCTAssertEqual(hex("CIEXYZ:0.95/1/1.4"), "ffffff")
        XCTAssertEqual(hex("CIEuvY:0.2/0.4/0.5"), "d0aee5")
        XCTAssertEqual(hex("CIEuvY:0.19/0.47/0.3"), "a19987")
        XCTAssertEqual(hex("CIExyY:0.3/0.3/0.5"), "d1b6b7")
        XCTAssertEqual(hex("CIExyY:0.3127/0.329/0.8"), "f9e4ca")
        XCTAssertEqual(hex("CIELab:90/0.2/0.3"), "ffdace")
        XCTAssertEqual(hex("CIELab:5/0.1/0.1"), "c9c3c4")
        XCTAssertEqual(hex("CIELuv:70/0.1/0.05"), "c0a8a7")
        XCTAssertEqual(hex("CIELuv:0/0/0"), "000000")
        XCTAssertEqual(hex("TekHVC:100/50/30"), "738749")
        XCTAssertEqual(hex("TekHVC:30/20/10"), "533a31")
        XCTAssertEqual(hex("TekHVC:-30/50/10"), "977583")
    }

    func testColoursOutsideTheGamutLoseChromaAtTheSameHueAndValue() {
        // Xlib's CIELab scales a* by 1/5, so this lies far outside; TekHVC clipping brings it in.
        XCTAssertEqual(hex("CIELab:50/10/-20"), "0080b6")
        XCTAssertEqual(hex("TekHVC:200/90/40"), "60f6ff")       // above the cusp: the bisection
    }

    func testRgbiBeyondOneExtrapolatesAsXlibDoes() {
        XCTAssertEqual(hex("rgbi:1.5/0/0"), "360000")
    }

    func testX11NamesIgnoreCaseButNotSpacing() {
        XCTAssertEqual(hex("red"), "ff0000")
        XCTAssertEqual(hex("DarkSlateGrey"), "2f4f4f")
        XCTAssertEqual(hex("LIGHT GOLDENROD"), "eedd82")
        XCTAssertNil(hex("light  goldenrod"))
        XCTAssertNil(hex(" red"))
        XCTAssertEqual(X11ColorNames.table.count, 753)
    }

    func testHexFormsAcceptUpperCaseButNoSigns() {
        XCTAssertEqual(hex("RGB:FF/80/00"), "ff8000")
        XCTAssertEqual(hex("#ABC"), "a0b0c0")
        XCTAssertNil(hex("rgb:+1/2/3"))
    }

    func testUnusableSpecificationsAreRefused() {
        for spec in ["CIEXYZ:2/2/2", "rgbi:nan/0/0", "rgbi:inf/0/0", "CIELab:1e300/0/0", "TekHVC:0/101/0",
                     "CIEuvY:0.2/0/0.5", "rgbi:1/2", "nonsense", "ciexyz:", "rgbi:0/0/" + String(repeating: "9", count: 4000)] {
            XCTAssertNil(hex(spec), spec)
        }
    }
}
