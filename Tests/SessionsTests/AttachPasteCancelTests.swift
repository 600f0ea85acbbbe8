import Foundation
import XCTest
import TestSupport

/// A paste of pictures the person did not mean as an upload: one typed into history mode's
/// search prompt is the query (never uploaded, never sent to the host), and an upload under way
/// is cancelled with Esc, the keys typed behind it reaching the host afterwards.
final class AttachPasteCancelTests: XCTestCase {
    private var host: PasteTestHost!

    override func tearDown() {
        host?.tearDown()
    }

    func testAPasteInHistorySearchIsTheQueryAndUploadsNothing() throws {
        host = try PasteTestHost()
        let harness = host.harness
        let png = try host.makePNG("shot.png", size: 2000)
        try harness.keys("C-]", "[")
        try harness.waitFor("history")
        try harness.type("/")
        try host.bracketedPaste(png)
        // Esc must arrive on its own (followed at once by q it would read as alt+q).
        try harness.escape(closing: ["/" + png])
        try harness.type("q")
        try harness.type("echo after-$((2+3))\n")
        let screen = try harness.waitFor("after-5")
        XCTAssertEqual(host.uploadedNames(), [], "nothing was uploaded")
        XCTAssertFalse(screen.contains(host.uploads), "no remote path was pasted:\n\(screen)")
        XCTAssertFalse(screen.contains("echo \(png)"), "the paste never reached the host:\n\(screen)")
    }

    func testEscCancelsAnUploadAndTheKeysTypedMeanwhileFollow() throws {
        host = try PasteTestHost(slowSFTP: true)
        let harness = host.harness
        let big = try host.makePNG("big.png", size: 8 * 1024 * 1024)
        try host.bracketedPaste(big)
        try harness.waitFor("uploading to e2e:", timeout: 20)
        try harness.type("echo held-$((5+6))\n")
        try harness.keys("Escape")
        try harness.waitFor("upload to e2e cancelled (Esc); nothing was pasted")
        let screen = try harness.waitFor("held-11", timeout: 30)
        XCTAssertFalse(screen.contains(host.uploads), "nothing was pasted:\n\(screen)")

        // ctrl+] v again cancels too, once the host is back.
        try harness.type("clear\n")
        try harness.waitFor("inner$")
        try host.bracketedPaste(big)
        try harness.waitFor("uploading to e2e:", timeout: 20)
        try harness.keys("C-]", "v")
        try harness.waitFor("upload to e2e cancelled (ctrl+] v); nothing was pasted")
        try harness.type("echo again-$((6+7))\n")
        let after = try harness.waitFor("again-13", timeout: 30)
        XCTAssertFalse(after.contains(host.uploads), "nothing was pasted:\n\(after)")
    }
}
