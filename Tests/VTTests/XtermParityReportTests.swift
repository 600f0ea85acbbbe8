import XCTest
@testable import VT

/// Issue 31's report classes, each a minimal stream with xterm 379's own answer (checked in
/// as XtermCorpus/report-decrqm-set-*, report-decrqm-reset-*, report-decrqss-dec*, reset-*):
/// DECRQM of modes xterm keeps, what RIS and DECSTR reset, DECRQSS of the settings xterm does
/// not report, and the colour resets.
final class XtermParityReportTests: XCTestCase {
    func replies(_ stream: String) -> String {
        XtermParityReadBack(stream, columns: 80, rows: 24).replies()
    }

    func decrqm(_ mode: String) -> String { "\(CSI)\(mode)$p" }

    /// Modes xterm keeps although they change nothing Drover draws: DECRQM answers 1 after
    /// set and 2 after reset (1046 the other way round).
    func testModesXtermKeepsAreReportedAsSet() {
        for mode in ["?4", "?18", "?19", "?30", "?35", "?40", "?41", "?44", "?67", "?1001", "?1010", "?1034",
                     "?1037", "?1050", "?1061", "?1070", "?2001", "?2006", "2", "12"] {
            XCTAssertEqual(replies("\(CSI)\(mode)h\(decrqm(mode))\(CSI)\(mode)l\(decrqm(mode))"),
                           "\\e[\(mode);1$y\\e[\(mode);2$y", mode)
        }
        XCTAssertEqual(replies("\(decrqm("?1046"))\(CSI)?1046h\(decrqm("?1046"))\(CSI)?1046l\(decrqm("?1046"))"),
                       "\\e[?1046;2$y\\e[?1046;2$y\\e[?1046;1$y")
    }

    /// `?1046l` turns the alternate screen switch off; highlight tracking is one of the
    /// mutually exclusive mouse tracking modes.
    func testAlternateScreenSwitchAndHighlightTracking() {
        XCTAssertEqual(replies("\(CSI)?1046l\(CSI)?1049h\(decrqm("?1049"))\(CSI)?1046h\(CSI)?1049h\(decrqm("?1049"))"),
                       "\\e[?1049;2$y\\e[?1049;1$y")
        XCTAssertEqual(replies("\(CSI)?1001h\(CSI)?1000h\(decrqm("?1001"))\(decrqm("?1000"))\(CSI)?1001h"
                               + "\(decrqm("?1000"))\(decrqm("?1001"))\(CSI)?1003l\(decrqm("?1001"))"),
                       "\\e[?1001;2$y\\e[?1000;1$y\\e[?1000;2$y\\e[?1001;1$y\\e[?1001;2$y")
    }

    /// DECSTR resets KAM, the blinking cursor and reverse wraparound and keeps the rest; RIS
    /// resets DECSCLM, DECBKM, SRM and 2001–2006 but keeps DECPFF, font shifting, ?1007.
    func testWhatRISAndDECSTRReset() {
        func after(_ reset: String, _ mode: String) -> String {
            replies("\(CSI)\(mode)h\(reset)\(decrqm(mode))")
        }
        for (mode, str, ris) in [("2", 2, 2), ("12", 1, 1), ("?12", 2, 2), ("?45", 2, 2), ("?4", 1, 2), ("?67", 1, 2),
                                 ("?18", 1, 1), ("?1007", 1, 1), ("?2001", 1, 2), ("?1001", 1, 2)] {
            XCTAssertEqual(after("\(CSI)!p", mode), "\\e[\(mode);\(str)$y", "DECSTR \(mode)")
            XCTAssertEqual(after("\u{1B}c", mode), "\\e[\(mode);\(ris)$y", "RIS \(mode)")
        }
    }

    /// DECSTR keeps faint, crossed-out and double underline in the pen (RIS does not).
    func testDECSTRKeepsSomeRenditions() {
        XCTAssertEqual(replies("\(CSI)1;2;3;4;5;7;8;9m\(CSI)!p\u{1B}P$qm\u{1B}\\"), "\\eP1$r0;2;9m\\e\\\\")
        XCTAssertEqual(replies("\(CSI)21m\(CSI)!p\u{1B}P$qm\u{1B}\\"), "\\eP1$r0;21m\\e\\\\")
        XCTAssertEqual(replies("\(CSI)2;9m\u{1B}c\u{1B}P$qm\u{1B}\\"), "\\eP1$r0m\\e\\\\")
    }

    /// xterm 379 answers DECRQSS for DECSACE and DECSASD as unknown settings, and DECSLPP /
    /// DECSNLS with the page it shows.
    func testSettingReports() {
        XCTAssertEqual(replies("\(CSI)2*x\u{1B}P$q*x\u{1B}\\\(CSI)1$}\u{1B}P$q$}\u{1B}\\\(CSI)0$}"),
                       "\\eP0$r\\e\\\\\\eP0$r\\e\\\\")
        XCTAssertEqual(replies("\(CSI)30t\u{1B}P$qt\u{1B}\\\(CSI)30*|\u{1B}P$q*|\u{1B}\\"),
                       "\\eP1$r24t\\e\\\\\\eP1$r24*|\\e\\\\")
    }

    /// RIS keeps the OSC 5 and OSC 10–19 colours and resets the palette; DECSTR resets only
    /// the palette; OSC 105 (and 104 past 255) resets nothing; `104;;2` stops at the empty
    /// item; OSC 111 with a parameter is ignored; resets of unchanged colours answer defaults.
    func testColourResets() {
        let set = "\u{1B}]11;rgb:11/22/33\u{1B}\\\u{1B}]4;1;rgb:11/22/33\u{1B}\\\u{1B}]5;0;rgb:11/22/33\u{1B}\\"
        let ask = "\u{1B}]11;?\u{1B}\\\u{1B}]4;1;?\u{1B}\\\u{1B}]5;0;?\u{1B}\\"
        let kept = "\\e]11;rgb:1111/2222/3333\\e\\\\\\e]4;1;rgb:cdcd/0000/0000\\e\\\\\\e]5;0;rgb:1111/2222/3333\\e\\\\"
        XCTAssertEqual(replies(set + "\u{1B}c" + ask), kept)
        XCTAssertEqual(replies(set + "\(CSI)!p" + ask), kept)
        XCTAssertEqual(replies(set + "\u{1B}]105\u{1B}\\\u{1B}]104;257\u{1B}\\\u{1B}]5;0;?\u{1B}\\"),
                       "\\e]5;0;rgb:1111/2222/3333\\e\\\\")
        XCTAssertEqual(replies("\u{1B}]4;2;rgb:11/22/33\u{1B}\\\u{1B}]104;;2\u{1B}\\\u{1B}]4;2;?\u{1B}\\"),
                       "\\e]4;2;rgb:1111/2222/3333\\e\\\\")
        XCTAssertEqual(replies(set + "\u{1B}]111;x\u{1B}\\\u{1B}]11;?\u{1B}\\\u{1B}]111;\u{1B}\\\u{1B}]11;?\u{1B}\\"),
                       "\\e]11;rgb:1111/2222/3333\\e\\\\\\e]11;rgb:ffff/ffff/ffff\\e\\\\")
        XCTAssertEqual(replies("\u{1B}]112\u{1B}\\\u{1B}]12;?\u{1B}\\\u{1B}]104;3\u{1B}\\\u{1B}]4;3;?\u{1B}\\"),
                       "\\e]12;rgb:0000/0000/0000\\e\\\\\\e]4;3;rgb:cdcd/cdcd/0000\\e\\\\")
    }
}
