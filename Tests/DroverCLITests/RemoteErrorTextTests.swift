import XCTest
@testable import DroverCLI

/// A failed key install shows the host's words, not PowerShell's serialized records, and only a
/// few lines of them (cold review of issue 28's Windows part).
final class RemoteErrorTextTests: XCTestCase {
    /// What powershell.exe -EncodedCommand writes to stderr over a channel with no PTY when a
    /// statement fails: a progress record, then the error's text split over `<S S="Error">`.
    private let clixml = #"""
        #< CLIXML
        <Objs Version="1.1.0.1" xmlns="http://schemas.microsoft.com/powershell/2004/04"><Obj S="progress" RefId="0"><TN RefId="0"><T>System.Management.Automation.PSCustomObject</T><T>System.Object</T></TN><MS><I64 N="SourceId">1</I64><PR N="Record"><AV>Preparing modules for first use.</AV><AI>0</AI><Nil /><PI>-1</PI><PC>-1</PC><T>Completed</T><SR>-1</SR><SD> </SD></PR></MS></Obj><S S="Error">Access to the path 'C:\ProgramData\ssh\administrators_authorized_keys' is denied &amp; not_x0041_ written._x000D__x000A_</S><S S="Error">    + CategoryInfo          : NotSpecified: (:) [], UnauthorizedAccessException_x000D__x000A_</S></Objs>
        """#

    func testCLIXMLIsReducedToItsErrorTexts() {
        XCTAssertEqual(RemoteErrorText.shown(clixml), """
            Access to the path 'C:\\ProgramData\\ssh\\administrators_authorized_keys' is denied & notA written.
            + CategoryInfo          : NotSpecified: (:) [], UnauthorizedAccessException
            """)
    }

    func testPlainStderrKeepsAFewLinesAndCountsTheRest() {
        let text = (1...7).map { "line \($0)" }.joined(separator: "\r\n") + "\n\n"
        XCTAssertEqual(RemoteErrorText.shown(text), "line 1\nline 2\nline 3\nline 4\n(3 more lines)")
        XCTAssertEqual(RemoteErrorText.shown("sh: 1: cannot create: Permission denied\n"), "sh: 1: cannot create: Permission denied")
        XCTAssertEqual(RemoteErrorText.shown("_x000D_ is kept outside CLIXML"), "_x000D_ is kept outside CLIXML")
    }

    func testTheErrorNamesTheAdviceThenIndentsWhatTheHostSaid() {
        let error = KeyInstallError(text: "could not change F on w (exit status 1); check it", said: "one\ntwo")
        XCTAssertEqual(error.description, "could not change F on w (exit status 1); check it.\nThe host said:\n  one\n  two")
        XCTAssertEqual(KeyInstallError(text: "x", said: nil).description, "x.")
    }
}
