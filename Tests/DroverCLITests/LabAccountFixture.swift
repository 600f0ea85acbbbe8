import Foundation
import TestSupport

/// A real sshd, a throwaway account on it that logs in with a fresh key, and a test HOME whose
/// ~/.ssh/config names that account as `labalias`: what the `drover sessions` tests (the command
/// and ctrl+] o's quiet listing) reach a host through.
final class LabAccountFixture {
    let dir: TemporaryDirectory
    let sshd: TestSSHD
    let account: ThrowawayAccount
    var home: String { dir.file("home") }
    var key: String { home + "/.ssh/id_lab" }
    var env: [String: String] {
        ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser, "HOME": home, "PATH": "/usr/bin:/bin"]
    }

    init(prefix: String) throws {
        dir = try TemporaryDirectory(prefix: prefix)
        sshd = try TestSSHD()
        account = try ThrowawayAccount(sshd: sshd)
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "lab", "-f", key])
        try account.authorize(String(contentsOfFile: key + ".pub", encoding: .utf8))
        try "Host labalias\n    HostName 127.0.0.1\n    Port \(sshd.port)\n    User \(account.name)\n    IdentityFile \(key)\n"
            .write(toFile: home + "/.ssh/config", atomically: true, encoding: .utf8)
    }

    func remove() {
        account.remove()
        sshd.tearDown()
        dir.remove()
    }
}
