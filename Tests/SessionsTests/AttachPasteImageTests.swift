import Foundation
import XCTest
import LibC
import TestSupport

/// Issue 18's acceptance, end to end: the built drover in a tmux pane as the local terminal, a
/// plain shell on a loopback sshd whose SFTP server starts in a scratch "home" (so uploads land
/// there, not in the account's real home). The host is this computer, so `cmp` on the host
/// compares the uploaded file with the local original.
final class AttachPasteImageTests: XCTestCase {
    private var host: PasteTestHost!
    private var harness: AttachHarness { host.harness }
    private var uploads: String { host.uploads }

    private func start(slowSFTP: Bool = false, sftp: Bool = true, environment: String = "", options: String = "") throws {
        host = try PasteTestHost(slowSFTP: slowSFTP, sftp: sftp, environment: environment, options: options)
    }

    override func tearDown() {
        host?.tearDown()
    }

    private func makePNG(_ name: String, size: Int) throws -> String { try host.makePNG(name, size: size) }
    private func bracketedPaste(_ text: String) throws { try host.bracketedPaste(text) }
    private func uploadedNames() -> [String] { host.uploadedNames() }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    func testAPastedPicturePathArrivesAsAFileWithTheSameBytesAndOtherFilesPasteAsTyped() throws {
        try start()
        let png = try makePNG("my shot.png", size: 3000)
        // The keys typed right after the paste must reach the host after the pasted path.
        try harness.type("cmp ")
        try bracketedPaste("'\(png)'")
        try harness.type(" '\(png)' && echo SAME-$((1+1))\n")
        try harness.waitFor("SAME-2")
        let names = uploadedNames()
        XCTAssertEqual(names.count, 1, "\(names)")
        XCTAssertTrue(names.first?.hasSuffix(".png") == true, "\(names)")
        XCTAssertEqual(try mode(uploads), 0o700)
        XCTAssertEqual(try mode(uploads + "/" + names[0]), 0o600)
        XCTAssertTrue(try harness.screen().contains(uploads + "/" + names[0]), "the remote path was pasted")

        // A text file named like a picture and a private key: pasted exactly as typed, nothing uploaded.
        let notes = harness.scratch.file("notes.png")
        try "just text\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let key = harness.home + "/device_ed25519"
        try harness.type("echo ")
        try bracketedPaste("\(notes) \(key)")
        try harness.type(" typed-$((1+2))\n")
        try harness.waitFor("\(notes) \(key) typed-3")
        XCTAssertEqual(uploadedNames(), names)

        // Two dropped files at once, one of several MiB (many SFTP writes): both paths, in order.
        let big = try makePNG("big.png", size: 3 * 1024 * 1024 + 77)
        let both = harness.scratch.file("both")
        try (Data(contentsOf: URL(fileURLWithPath: big)) + Data(contentsOf: URL(fileURLWithPath: png)))
            .write(to: URL(fileURLWithPath: both))
        try harness.type("cat ")
        try bracketedPaste("file://\(big.replacingOccurrences(of: " ", with: "%20"))\n\(png.replacingOccurrences(of: " ", with: "\\ "))\n")
        try harness.type(" | cmp - '\(both)' && echo BOTH-$((6+6))\n")
        try harness.waitFor("BOTH-12", timeout: 30)
        XCTAssertEqual(uploadedNames().count, 2, "the same picture is stored once: \(uploadedNames())")
    }

    func testControlBracketVPastesTheClipboardPictureFromXvfb() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/xclip") else {
            throw XCTSkip("Xvfb or xclip is missing; install them with 'scripts/bootstrap --xterm'")
        }
        let display = Int.random(in: 200...400)
        let xvfb = try ChildProcess("/usr/bin/Xvfb", [":\(display)", "-nolisten", "tcp"])
        defer { xvfb.terminate() }
        let socket = "/tmp/.X11-unix/X\(display)"
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: socket), Date() < deadline { usleep(50_000) }
        try start(environment: "DISPLAY=:\(display)")
        let png = try makePNG("clip.png", size: 5000)
        // xclip stays in the background serving the selection until the display goes.
        try Shell.run("/usr/bin/env", ["DISPLAY=:\(display)", "/usr/bin/xclip", "-selection", "clipboard",
                                       "-t", "image/png", "-i", png])
        try harness.type("cmp ")
        try harness.keys("C-]", "v")
        try harness.type(" '\(png)' && echo SAME-$((2+2))\n")
        try harness.waitFor("SAME-4")
        XCTAssertEqual(uploadedNames().count, 1)
    }

    func testALinkDroppedMidUploadLeavesNoPartialFile() throws {
        try start(slowSFTP: true)
        let big = try makePNG("big.png", size: 8 * 1024 * 1024)
        try bracketedPaste(big)
        try harness.waitFor("uploading to e2e:", timeout: 20)
        // Typed during the upload: held behind the paste, then kept for the next connection.
        try harness.type("echo held-$((5+6))\n")
        // The temporary file is on the host, half written, when the link goes.
        _ = try harness.waitUntil("a partial upload on the host") { _ in uploadedNames().contains { $0.hasSuffix(".part") } }
        try harness.sshd.stopAndDropConnections()
        try harness.waitFor("upload cancelled")
        try harness.sshd.restart()
        // A key makes the host reconnect now; it is sent once the session is back.
        try harness.type("echo back-$((3+4))\n")
        let screen = try harness.waitFor("back-7", timeout: 30)
        XCTAssertTrue(screen.contains("held-11"), "the keys typed during the cancelled upload arrived:\n\(screen)")

        let small = try makePNG("small.png", size: 2000)
        try harness.type("cmp ")
        try bracketedPaste(small)
        try harness.type(" '\(small)' && echo SAME-$((3+5))\n")
        try harness.waitFor("SAME-8", timeout: 30)
        let names = uploadedNames()
        XCTAssertEqual(names.count, 1, "only the small picture, no temporary or partial file: \(names)")
        XCTAssertFalse(names.contains { $0.hasSuffix(".part") }, "\(names)")
    }

    /// Issue 32: a host whose sshd serves no SFTP does not lose the pasted path: the paste goes
    /// through as typed, ahead of the keys typed meanwhile, and the status line says why.
    func testAHostWithoutSFTPPastesAsTypedAndSaysWhy() throws {
        // No guesses: on a busy machine the loopback's round trip can pass 30 ms, and the note
        // that guesses began would then be the last message the help box shows.
        try start(sftp: false, options: "--predict never")
        let png = try makePNG("shot.png", size: 1000)
        try harness.type("echo ")
        try bracketedPaste(png)
        // The reason is a banner over the prompt's row: the next key typed there takes it down
        // (a banner gives way to typing on the row it covers), so it is read before typing on.
        try harness.waitFor("e2e: the picture was not uploaded and the paste went through as typed; its sshd needs SFTP ('Subsystem sftp')")
        try harness.type("_after-$((4+5))\n")
        try harness.waitFor("\(png)_after-9")
        // Once the banner is down, the help key still shows the whole reason (issue 32).
        try harness.waitUntil("the banner to go") { !$0.contains("the paste went through as typed") }
        try harness.keys("C-]", "?")
        let box = try harness.waitFor("Last message: e2e: the picture was not uploaded")
        let words = box.split(whereSeparator: { $0.isWhitespace || $0 == "│" }).joined(separator: " ")
        XCTAssertTrue(words.contains("Last message: e2e: the picture was not uploaded and the paste went through as typed; "
                                     + "its sshd needs SFTP ('Subsystem sftp')"), box)
    }
}
