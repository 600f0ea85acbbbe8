import Foundation
import XCTest
import LibC
import TestSupport

/// Issue 18's acceptance, end to end: the built drover in a tmux pane as the local terminal, a
/// plain shell on a loopback sshd whose SFTP server starts in a scratch "home" (so uploads land
/// there, not in the account's real home). The host is this computer, so `cmp` on the host
/// compares the uploaded file with the local original.
final class AttachPasteImageTests: XCTestCase {
    private var harness: AttachHarness!
    private var remoteHome: TemporaryDirectory!
    private var uploads: String { remoteHome.file(".cache/drover-paste") }

    /// `slowSFTP`: the SFTP server reads its input at about 1.5 MB/s, so a link can be cut
    /// mid-upload; `sftp: false`: the sshd offers no SFTP at all.
    private func start(slowSFTP: Bool = false, sftp: Bool = true, environment: String = "") throws {
        remoteHome = try TemporaryDirectory(prefix: "drover-paste-home")
        var subsystem = "internal-sftp -d \(remoteHome.path)"
        if slowSFTP {
            let wrapper = remoteHome.file("slow-sftp")
            try """
                #!/usr/bin/python3
                import os, subprocess, time
                child = subprocess.Popen(["/usr/lib/openssh/sftp-server", "-d", "\(remoteHome.path)"], stdin=subprocess.PIPE)
                while True:
                    data = os.read(0, 16384)
                    if not data:
                        break
                    child.stdin.write(data)
                    child.stdin.flush()
                    time.sleep(0.01)
                child.stdin.close()
                child.wait()

                """.write(toFile: wrapper, atomically: true, encoding: .utf8)
            chmod(wrapper, 0o755)
            subsystem = wrapper
        }
        harness = try AttachHarness(sshdConfig: sftp ? ["Subsystem sftp \(subsystem)"] : [])
        try harness.startOuterTerminal(width: 160, height: 30)
        try harness.registerHost(command: "exec \(harness.innerShell)")
        try harness.attachTrusting(until: "inner$", environment: environment)
    }

    override func tearDown() {
        harness?.tearDown()
        remoteHome?.remove()
    }

    /// A PNG of `size` bytes: the signature, then pseudo-random bytes.
    private func makePNG(_ name: String, size: Int) throws -> String {
        let path = harness.scratch.file(name)
        let random = try XCTUnwrap(FileHandle(forReadingAtPath: "/dev/urandom"))
        defer { try? random.close() }
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + random.readData(ofLength: size - 8)
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What a terminal writes when a file is dropped on it: the path, quoted, in paste brackets.
    private func bracketedPaste(_ text: String) throws {
        try harness.sendBytes(Array("\u{1B}[200~\(text)\u{1B}[201~".utf8))
    }

    private func uploadedNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []).sorted()
    }

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

    func testAHostWithoutSFTPSaysSoAndKeepsTheKeysTypedMeanwhile() throws {
        try start(sftp: false)
        let png = try makePNG("shot.png", size: 1000)
        try harness.type("echo ")
        try bracketedPaste(png)
        try harness.type("after-$((4+5))\n")
        // The advice comes first, so a narrow status line still shows it.
        try harness.waitFor("e2e: nothing pasted; its sshd needs SFTP ('Subsystem sftp')")
        try harness.waitFor("after-9")
        XCTAssertTrue(try harness.screen().contains("Subsystem sftp"))
        XCTAssertFalse(try harness.screen().contains(png), "nothing was pasted")
    }
}
