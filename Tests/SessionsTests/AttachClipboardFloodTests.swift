import Foundation
import XCTest
import LibC
import TestSupport

/// A host that floods OSC 52 writes (20,000 in one go, as `yes $'\e]52;c;aGk=\a'` would) with
/// `--copy-command`: the command runs one at a time, a handful of times in all, and the last
/// text wins. Before, every 16 KiB read started a command of its own, all at once.
final class AttachClipboardFloodTests: XCTestCase {
    private var harness: AttachHarness!

    override func tearDown() {
        harness?.tearDown()
    }

    func testAFloodOfRemoteCopiesRunsTheCopyCommandOneAtATime() throws {
        harness = try AttachHarness()
        try harness.startOuterTerminal(width: 100, height: 30)
        let runs = harness.scratch.file("runs"), overlaps = harness.scratch.file("overlaps")
        let copied = harness.scratch.file("copied"), lock = harness.scratch.file("running")
        let copier = harness.scratch.file("bin/slow-copy")
        // Half a second per copy; `mkdir` fails if another copy is running at the same time.
        try """
            #!/bin/sh
            echo run >> \(runs)
            mkdir \(lock) 2>/dev/null || echo overlap >> \(overlaps)
            cat > \(copied).new
            sleep 0.5
            mv \(copied).new \(copied)
            rmdir \(lock) 2>/dev/null
            true

            """.write(toFile: copier, atomically: true, encoding: .utf8)
        chmod(copier, 0o755)
        try harness.registerHost(command: "exec \(harness.innerShell)")
        try harness.attachTrusting(until: "inner$", options: "--copy-command \(copier)")
        try harness.type("printf '\\033]52;c;aGk=\\a%.0s' $(seq 1 20000); printf '\\033]52;c;bGFzdA==\\a'; echo flood-$((1+1))\n")
        try harness.waitFor("flood-2")
        _ = try harness.waitUntil("the last text copied") { _ in
            (try? String(contentsOfFile: copied, encoding: .utf8)) == "last"
        }
        let count = ((try? String(contentsOfFile: runs, encoding: .utf8)) ?? "").split(separator: "\n").count
        XCTAssertGreaterThanOrEqual(count, 1)
        XCTAssertLessThanOrEqual(count, 6, "one run per flush, not one per write or per read")
        XCTAssertFalse(FileManager.default.fileExists(atPath: overlaps), "two copy commands ran at once")
    }
}
