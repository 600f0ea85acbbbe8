import XCTest
import VT
@testable import Console

/// What the local terminal reports under the host's own kitty flags goes through the decoder
/// (`KeyReport`) and the host's encoder and comes out as kitty would send it to that host:
/// releases, repeats, a modifier alone, the terminal's alternate keys and text (ADR 0024,
/// local side). A legacy or modifyOtherKeys host gets presses only.
final class KeyReportRoundTripTests: XCTestCase {
    private let esc = "\u{1B}"

    /// `local` decoded and encoded for a host that set up its keyboard with `hostSetup`.
    private func sent(_ local: String, hostSetup: String) -> String {
        let host = Terminal(columns: 20, rows: 4)
        host.feed(hostSetup)
        let encoder = InputEncoder(modes: host.modes)
        var decoder = LocalInputDecoder()
        let bytes = decoder.decode(Array(local.utf8)).flatMap { encoder.encode($0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func sent(_ local: String, flags: Int) -> String { sent(local, hostSetup: "\(esc)[>\(flags)u") }

    func testReleaseAndRepeatFollowTheHostsEventTypeFlag() {
        let release = "\(esc)[97;5:3u", repeated = "\(esc)[97;5:2u"
        XCTAssertEqual(sent(release, flags: 1), "", "flag 1 asks for no releases")
        XCTAssertEqual(sent(repeated, flags: 1), "\(esc)[97;5u", "a repeat is a press without flag 2")
        for flags in [3, 7, 15, 31] {
            XCTAssertEqual(sent(release, flags: flags), "\(esc)[97;5:3u", "flags \(flags)")
            XCTAssertEqual(sent(repeated, flags: flags), "\(esc)[97;5:2u", "flags \(flags)")
        }
        XCTAssertEqual(sent("\(esc)[1;5:3A", flags: 3), "\(esc)[1;5:3A", "a cursor key's release")
        XCTAssertEqual(sent("\(esc)[1;5:3A", flags: 1), "")
    }

    func testShiftAloneReachesAHostWithFlag8Only() {
        let press = "\(esc)[57441;2u", release = "\(esc)[57441;1:3u"
        for flags in [1, 3, 7] { XCTAssertEqual(sent(press + release, flags: flags), "", "flags \(flags)") }
        XCTAssertEqual(sent(press, flags: 15), press)
        XCTAssertEqual(sent(press + release, flags: 15), press + release)
        XCTAssertEqual(sent(press + release, flags: 31), press + release)
    }

    func testTheTerminalsAlternateKeysUnderFlag4() {
        // A French layout's Ctrl+Shift+A: key q's place on a US layout.
        let report = "\(esc)[97:65:113;6u"
        XCTAssertEqual(sent(report, flags: 3), "\(esc)[97;6u", "no alternates without flag 4")
        XCTAssertEqual(sent(report, flags: 7), report)
        XCTAssertEqual(sent(report, flags: 15), report)
    }

    func testTextUnderFlag16AndTextKeysReleases() {
        XCTAssertEqual(sent("\(esc)[97;;97u", flags: 31), "\(esc)[97;;97u")
        XCTAssertEqual(sent("\(esc)[97;;97u", flags: 15), "\(esc)[97u")
        XCTAssertEqual(sent("\(esc)[97;;97u", flags: 7), "a", "without flag 8 text is text")
        XCTAssertEqual(sent("\(esc)[97;1:3u", flags: 3), "\(esc)[97;1:3u", "a text key's release is a release")
        XCTAssertEqual(sent("\(esc)[13;1:3u", flags: 7), "", "Enter's release needs flag 8, as in kitty")
        XCTAssertEqual(sent("\(esc)[13;1:3u", flags: 31), "\(esc)[13;1:3u")
    }

    func testALegacyOrModifyOtherKeysHostGetsPressesOnly() {
        let keys = "\(esc)[97;5u\(esc)[97;5:2u\(esc)[97;5:3u\(esc)[57441;2u\(esc)[57441;1:3u\(esc)[13;2:3u"
        XCTAssertEqual(sent(keys, hostSetup: ""), "\u{01}\u{01}", "a press and a repeat, nothing else")
        XCTAssertEqual(sent(keys, hostSetup: "\(esc)[>4;2m"), "\(esc)[27;5;97~\(esc)[27;5;97~")
    }
}
