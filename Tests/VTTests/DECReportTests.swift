import XCTest
@testable import VT

/// VT420 reports answered as xterm 379 does with default resources (the expected bytes are
/// xterm's answers from XtermCorpus/report-* and decscl-*).
final class DECReportTests: XCTestCase {
    func testModesDroverDoesNotKeepAnswerXtermsDefaults() {
        let t = Terminal(columns: 80, rows: 24)
        XCTAssertEqual(t.query("\(CSI)?2$p\(CSI)?8$p\(CSI)?14$p\(CSI)?1045$p\(CSI)?1048$p\(CSI)?117$p"),
                       "\(CSI)?2;1$y\(CSI)?8;4$y\(CSI)?14;3$y\(CSI)?1045;0$y\(CSI)?1048;1$y\(CSI)?117;0$y")
        XCTAssertEqual(t.query("\(CSI)1$p\(CSI)12$p\(CSI)21$p"), "\(CSI)1;4$y\(CSI)12;1$y\(CSI)21;0$y")
    }

    func testBlinkAndReverseWrapModesAreKept() {
        let t = Terminal(columns: 80, rows: 24)
        XCTAssertEqual(t.query("\(CSI)?12$p\(CSI)?45$p"), "\(CSI)?12;2$y\(CSI)?45;2$y")
        XCTAssertEqual(t.query("\(CSI)?12;45h\(CSI)?12$p\(CSI)?45$p"), "\(CSI)?12;1$y\(CSI)?45;1$y")
    }

    func testDECDSRVariants() {
        let t = Terminal(columns: 80, rows: 24)
        XCTAssertEqual(t.query("\(CSI)?15n\(CSI)?25n\(CSI)?26n"), "\(CSI)?13n\(CSI)?20n\(CSI)?27;1;0;0n")
        XCTAssertEqual(t.query("\(CSI)?53n\(CSI)?55n\(CSI)?56n"), "\(CSI)?53n\(CSI)?53n\(CSI)?57;0n")
        XCTAssertEqual(t.query("\(CSI)?62n\(CSI)?63;7n\(CSI)?75n\(CSI)?85n"),
                       "\(CSI)0000*{\u{1B}P7!~0000\u{1B}\\\(CSI)?70n\(CSI)?83n")
    }

    func testStatusStringsXtermReports() {
        let t = Terminal(columns: 80, rows: 24)
        XCTAssertEqual(t.query("\u{1B}P$q q\u{1B}\\"), "\u{1B}P1$r2 q\u{1B}\\", "default cursor reads as steady block")
        XCTAssertEqual(t.query("\u{1B}P$q\"p\u{1B}\\"), "\u{1B}P1$r64;1\"p\u{1B}\\")
        XCTAssertEqual(t.query("\(CSI)1\"q\u{1B}P$q\"q\u{1B}\\"), "\u{1B}P1$r1\"q\u{1B}\\")
        XCTAssertEqual(t.query("\u{1B}P$qt\u{1B}\\\u{1B}P$q*|\u{1B}\\\u{1B}P$q$|\u{1B}\\"),
                       "\u{1B}P1$r24t\u{1B}\\\u{1B}P1$r24*|\u{1B}\\\u{1B}P1$r80$|\u{1B}\\")
        XCTAssertEqual(t.query("\u{1B}P$q*x\u{1B}\\"), "\u{1B}P0$r\u{1B}\\", "xterm does not report DECSACE")
        XCTAssertEqual(t.query("\(CSI)0;21;91;104m\u{1B}P$qm\u{1B}\\"), "\u{1B}P1$r0;21;91;104m\u{1B}\\")
        XCTAssertEqual(t.query("\(CSI)0;2;4;7m\u{1B}P$qm\u{1B}\\"), "\u{1B}P1$r0;4;7;2m\u{1B}\\", "xterm lists faint after inverse")
    }

    func testConformanceLevelChangesWhatIsReported() {
        let t = Terminal(columns: 80, rows: 24)
        t.feed("text")
        XCTAssertEqual(t.query("\(CSI)62;1\"p\u{1B}P$q\"p\u{1B}\\\(CSI)?6n"), "\u{1B}P1$r62;1\"p\u{1B}\\\(CSI)?1;5R")
        XCTAssertEqual(t.query("\(CSI)61\"p\u{1B}P$q\"p\u{1B}\\"), "", "a VT100 has no DECRQSS")
        XCTAssertEqual(t.query("\(CSI)66\"p\(CSI)?6n"), "\(CSI)?1;5R", "an unknown level is ignored")
        XCTAssertEqual(t.query("\(CSI)64;1\"p\(CSI)?6n"), "\(CSI)?1;5;1R")
        XCTAssertEqual(t.lines[0], "text", "DECSCL keeps the text")
        t.feed("\(CSI)?69h\(CSI)5;40s\(CSI)63;1\"p")
        XCTAssertEqual(t.query("\(CSI)?69$p\u{1B}P$qs\u{1B}\\"), "\(CSI)?69;0$y\u{1B}P0$r\u{1B}\\",
                       "below VT420 there are no left/right margins")
    }

    /// xterm 379 answers DECRQSS DECSCPP with 80 at any width (XtermCorpus/mix-47, 40 columns).
    func testColumnsPerPageIsReportedAsEightyAtAnyWidth() {
        let t = Terminal(columns: 40, rows: 12)
        XCTAssertEqual(t.query("\u{1B}P$q$|\u{1B}\\"), "\u{1B}P1$r80$|\u{1B}\\")
    }
}
