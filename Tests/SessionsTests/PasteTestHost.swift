import Foundation
import XCTest
import LibC
import TestSupport

/// A loopback host for the paste tests: a plain shell whose SFTP server starts in a scratch
/// "home" (so uploads land there, not in the account's real home), optionally slowed so that
/// an upload can be caught midway, and the built drover attached to it in a tmux pane.
final class PasteTestHost {
    let harness: AttachHarness
    let remoteHome: TemporaryDirectory
    var uploads: String { remoteHome.file(".cache/drover-paste") }

    /// `slowSFTP`: the SFTP server reads its input at about 1.5 MB/s; `sftp: false`: the sshd
    /// offers no SFTP at all.
    init(slowSFTP: Bool = false, sftp: Bool = true, environment: String = "", options: String = "") throws {
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
        try harness.attachTrusting(until: "inner$", environment: environment, options: options)
    }

    func tearDown() {
        harness.tearDown()
        remoteHome.remove()
    }

    /// A PNG of `size` bytes: the signature, then pseudo-random bytes.
    func makePNG(_ name: String, size: Int) throws -> String {
        let path = harness.scratch.file(name)
        let random = try XCTUnwrap(FileHandle(forReadingAtPath: "/dev/urandom"))
        defer { try? random.close() }
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + random.readData(ofLength: size - 8)
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What a terminal writes when a file is dropped on it: the path, quoted, in paste brackets.
    func bracketedPaste(_ text: String) throws {
        try harness.sendBytes(Array("\u{1B}[200~\(text)\u{1B}[201~".utf8))
    }

    func uploadedNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []).sorted()
    }
}
