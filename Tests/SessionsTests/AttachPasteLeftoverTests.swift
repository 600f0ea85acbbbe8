import Foundation
import XCTest
import TestSupport

/// Issue 30, item 7: an upload cut off by Esc leaves its temporary `.part` file on the host
/// (the link is dropped to stop it); the connection that replaces the link removes it, without
/// waiting for the next upload.
final class AttachPasteLeftoverTests: XCTestCase {
    private var host: PasteTestHost!

    override func tearDown() {
        host?.tearDown()
    }

    func testTheReturningLinkRemovesTheCutOffUploadsPartFile() throws {
        host = try PasteTestHost(slowSFTP: true)
        let harness = host.harness
        let big = try host.makePNG("big.png", size: 8 * 1024 * 1024)
        try host.bracketedPaste(big)
        try harness.waitFor("uploading to e2e:", timeout: 20)
        let deadline = Date().addingTimeInterval(30)
        while !host.uploadedNames().contains(where: { $0.hasSuffix(".part") }), Date() < deadline { usleep(20_000) }
        XCTAssertTrue(host.uploadedNames().contains { $0.hasSuffix(".part") }, "the upload began writing")
        try harness.keys("Escape")
        try harness.waitFor("upload to e2e cancelled (Esc); nothing was pasted")
        try harness.type("echo back-$((5+6))\n")
        try harness.waitFor("back-11", timeout: 30)
        // The removal runs on the new connection right after it attached: wait for the unlink.
        while host.uploadedNames().contains(where: { $0.hasSuffix(".part") }), Date() < deadline { usleep(20_000) }
        XCTAssertEqual(host.uploadedNames().filter { $0.hasSuffix(".part") }, [], "no half-written upload is left")
    }
}
