import Foundation
import XCTest
import Hosts
import SSH
@testable import Sessions

/// Issue 18's pure parts: which pastes are dropped files, which bytes are pictures, how a
/// remote path is quoted for each host's shell, and which old uploads are pruned.
final class PasteParsingTests: XCTestCase {
    // MARK: Paths as terminals paste dropped files

    func testPlainQuotedEscapedAndURIPathsAreRead() {
        XCTAssertEqual(PastePaths.parse("/tmp/shot.png", home: "/home/ann"), ["/tmp/shot.png"])
        XCTAssertEqual(PastePaths.parse("'/tmp/my shot.png' ", home: nil), ["/tmp/my shot.png"])
        XCTAssertEqual(PastePaths.parse("\"/tmp/it's.png\"", home: nil), ["/tmp/it's.png"])
        XCTAssertEqual(PastePaths.parse("/tmp/my\\ shot\\ \\(1\\).png", home: nil), ["/tmp/my shot (1).png"])
        XCTAssertEqual(PastePaths.parse("file:///tmp/a%20b.png\nfile://localhost/tmp/c.gif\n", home: nil),
                       ["/tmp/a b.png", "/tmp/c.gif"])
        XCTAssertEqual(PastePaths.parse("/a.png /b.jpg\t'/c d.webp'", home: nil), ["/a.png", "/b.jpg", "/c d.webp"])
        XCTAssertEqual(PastePaths.parse("~/Desktop/x.png", home: "/home/ann"), ["/home/ann/Desktop/x.png"])
    }

    func testAnythingButPathsIsNotAFileDrop() {
        for text in ["", "   ", "hello", "/tmp/a.png and more", "relative/a.png", "ls /tmp", "'/tmp/unclosed.png",
                     "/tmp/a.png\\", "file://otherhost/tmp/a.png", "file:///tmp/%zz.png", "file:///tmp/%0a.png",
                     "~/x.png", "/tmp/a\u{7}b.png"] {
            XCTAssertNil(PastePaths.parse(text, home: nil), text)
        }
        XCTAssertNil(PastePaths.parse("/" + String(repeating: "a", count: PastePaths.maximumLength), home: nil))
        XCTAssertNil(PastePaths.parse(Array(repeating: "/a.png", count: PastePaths.maximumCount + 1).joined(separator: " "),
                                      home: nil))
    }

    // MARK: Magic bytes

    func testPicturesAreKnownByTheirFirstBytes() {
        XCTAssertEqual(ImageKind.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]), .png)
        XCTAssertEqual(ImageKind.detect([0xFF, 0xD8, 0xFF, 0xE0]), .jpeg)
        XCTAssertEqual(ImageKind.detect(Array("GIF89a...".utf8)), .gif)
        XCTAssertEqual(ImageKind.detect(Array("GIF87a".utf8)), .gif)
        XCTAssertEqual(ImageKind.detect(Array("RIFF\u{1}\u{2}\u{3}\u{4}WEBPVP8 ".utf8)), .webp)
        XCTAssertEqual(ImageKind.jpeg.fileExtension, "jpg")
    }

    func testOtherBytesAreNotPictures() {
        XCTAssertNil(ImageKind.detect(Array("-----BEGIN OPENSSH PRIVATE KEY-----".utf8)))
        XCTAssertNil(ImageKind.detect(Array("RIFF....WAVEfmt ".utf8)))
        XCTAssertNil(ImageKind.detect([0x89, 0x50, 0x4E, 0x47]), "a truncated PNG signature")
        XCTAssertNil(ImageKind.detect([]))
    }

    func testAFileNamedLikeAPictureIsReadOnlyAsFarAsItsHeader() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paste-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("id_ed25519.png").path
        try "-----BEGIN OPENSSH PRIVATE KEY-----\n".write(toFile: key, atomically: true, encoding: .utf8)
        let png = directory.appendingPathComponent("shot").path
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 100)
        try Data(bytes).write(to: URL(fileURLWithPath: png))
        XCTAssertNil(LocalImages.readFile(key))
        XCTAssertNil(LocalImages.readFile(directory.path), "a directory")
        XCTAssertNil(LocalImages.readFile(directory.appendingPathComponent("missing.png").path))
        let image = try XCTUnwrap(LocalImages.readFile(png))
        XCTAssertEqual(image.bytes, bytes)
        XCTAssertEqual(image.kind, .png)
        XCTAssertEqual(image.digestHex.count, 64)
        guard case .notImages = LocalImages.gather(paths: [png, key]) else { return XCTFail("one non-picture spoils the drop") }
    }

    func testOsascriptHexIsDecoded() {
        XCTAssertEqual(ClipboardImage.decodeHex(Array("«data PNGf89504E47»\n".utf8)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(ClipboardImage.decodeHex(Array("nothing".utf8)), [])
        XCTAssertEqual(ClipboardImage.decodeHex(Array("«data PNGf89504»".utf8)), [], "an odd digit count")
        XCTAssertEqual(ClipboardImage.decodeHex(Array("«data PNGf8950zz»".utf8)), [], "not hex")
    }

    func testWithoutAToolTheAdviceNamesOneToInstall() {
        guard case .failed(let message) = ClipboardImage.gather(environment: ["PATH": "/nonexistent", "DISPLAY": ":9"]) else {
            return XCTFail("no tool, no picture")
        }
        XCTAssertTrue(message.contains("install xclip"), message)
        // The status line is cut at the screen's edge: the advice fits in 100 columns.
        XCTAssertLessThanOrEqual(message.count, 100, message)
        guard case .failed(let headless) = ClipboardImage.gather(environment: ["PATH": "/usr/bin:/bin"]),
              !FileManager.default.isExecutableFile(atPath: "/usr/bin/osascript") else { return }
        XCTAssertTrue(headless.hasPrefix("ctrl+] v: run Drover in a desktop session with xclip or wl-clipboard"), headless)
        XCTAssertLessThanOrEqual(headless.count, 100, headless)
    }

    // MARK: Quoting for the host's shell

    func testPOSIXQuotingSurvivesQuotesAndSpaces() {
        XCTAssertEqual(PasteQuoting.quote("/home/ann/.cache/drover-paste/ab.png", for: .unix),
                       "'/home/ann/.cache/drover-paste/ab.png'")
        XCTAssertEqual(PasteQuoting.quote("/home/o'neil/x y.png", for: .unix), "'/home/o'\\''neil/x y.png'")
        XCTAssertEqual(PasteQuoting.quote(["/a.png", "/b.png"], for: .unix), "'/a.png' '/b.png'")
    }

    func testPowerShellQuotingUsesWindowsPathsAndDoublesQuotes() {
        XCTAssertEqual(PasteQuoting.quote("/C:/Users/ann/.cache/drover-paste/ab.png", for: .windows),
                       "'C:\\Users\\ann\\.cache\\drover-paste\\ab.png'")
        XCTAssertEqual(PasteQuoting.quote("/C:/Users/o'neil/a$b.png", for: .windows), "'C:\\Users\\o''neil\\a$b.png'")
        XCTAssertEqual(PasteQuoting.powerShell("a\u{2019}b"), "'a\u{2019}\u{2019}b'")
    }

    // MARK: Pruning

    func testOldUploadsAndAbandonedTemporariesArePrunedOldestFirst() {
        let a = String(repeating: "a", count: 64), b = String(repeating: "b", count: 64)
        let c = String(repeating: "c", count: 64), d = String(repeating: "d", count: 64)
        let now: UInt64 = 10_000_000
        let mib: UInt64 = 1024 * 1024
        let entries: [SFTPPrunePlan.Entry] = [
            .init(name: "\(a).png", size: 1, modified: now - SFTPPrunePlan.maximumAge - 1),
            .init(name: "\(b).png", size: 120 * mib, modified: now - 100),
            .init(name: "\(c).jpg", size: 70 * mib, modified: now - 50),
            .init(name: ".\(d).9-1.part", size: 5, modified: now - 2),
            .init(name: ".\(d).8-1.part", size: 5, modified: now - 2),
            .init(name: "notes.txt", size: 900 * mib, modified: 0),
        ]
        let plan = SFTPPrunePlan(entries: entries, now: now, incoming: 20 * mib, abandoned: [".\(d).9-1.part"])
        XCTAssertEqual(plan.removals, ["\(a).png", ".\(d).9-1.part", "\(b).png"],
                       "the week-old one, our abandoned temporary, then the oldest until under 200 MiB; "
                       + "a live temporary of another upload and a file Drover did not make stay")
    }
}
