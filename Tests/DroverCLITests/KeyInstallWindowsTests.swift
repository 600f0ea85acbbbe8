import Files
import Foundation
import Identity
import TestSupport
import XCTest
@testable import DroverCLI

/// Issue 28 on Windows hosts (ADR 0032): `drover key install` runs one PowerShell script, which
/// puts an administrator's key in %ProgramData%\ssh\administrators_authorized_keys (ACL by
/// icacls) and anyone else's in %USERPROFILE%\.ssh\authorized_keys, once. The exact script is
/// checked as text; end to end, the sshd's ForceCommand is `scripts/fake-windows-shell`, which
/// decodes the script and carries out a POSIX translation of it, and the sshd reads the keys
/// from where that put them, so the device key's own login proves the install.
final class KeyInstallWindowsTests: XCTestCase {
    private let line = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKey drover@ann's-mac"

    func testTheScriptAddsTheKeyOnceToTheFileOpenSSHForWindowsReads() {
        XCTAssertEqual(KeyInstallWindowsScript.script(for: line), """
            $ProgressPreference = 'SilentlyContinue'
            $ErrorActionPreference = 'Stop'
            try {
              $line = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKey drover@ann''s-mac'
              $key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKey'
              $admin = [bool]((whoami.exe /groups) -match 'S-1-5-32-544')
              if ($admin) { $dir = Join-Path $env:ProgramData 'ssh'; $file = Join-Path $dir 'administrators_authorized_keys'; $where = 'administrators' }
              else { $dir = Join-Path $env:USERPROFILE '.ssh'; $file = Join-Path $dir 'authorized_keys'; $where = 'user' }
              if (-not (Test-Path -LiteralPath $dir)) { New-Item -ItemType Directory -Path $dir | Out-Null }
              $text = ''
              if (Test-Path -LiteralPath $file) { $text = [IO.File]::ReadAllText($file) }
              if ($text.Contains($key)) { "present $where"; exit 0 }
              $before = ''
              if ($text.Length -gt 0 -and -not $text.EndsWith("`n")) { $before = "`r`n" }
              [IO.File]::AppendAllText($file, $before + $line + "`r`n")
              if ($admin) { icacls.exe $file /inheritance:r /grant '*S-1-5-32-544:F' /grant '*S-1-5-18:F' | Out-Null; if ($LASTEXITCODE -ne 0) { exit 5 } }
              "added $where"
            } catch { [Console]::Error.WriteLine($_.Exception.Message); exit 1 }
            """)
    }

    /// The line reads the same under cmd, powershell and pwsh: words of letters, digits and
    /// base64, nothing any of them treats specially; the base64 is the script in UTF-16LE.
    func testTheCommandLineCarriesTheScriptEncodedWithNothingAShellInterprets() throws {
        let command = KeyInstallWindowsScript.command(for: line)
        let prefix = "powershell.exe -NoProfile -NonInteractive -EncodedCommand "
        XCTAssertTrue(command.hasPrefix(prefix), command)
        let encoded = String(command.dropFirst(prefix.count))
        XCTAssertTrue(encoded.first?.isLetter == true, "a bare word in PowerShell's argument mode")
        XCTAssertNil(command.rangeOfCharacter(from: CharacterSet(charactersIn: "\"'&|;<>()^%$`@")), command)
        let data = try XCTUnwrap(Data(base64Encoded: encoded))
        XCTAssertEqual(String(data: data, encoding: .utf16LittleEndian), KeyInstallWindowsScript.script(for: line))
    }

    func testAnAdministratorsKeyGoesToAdministratorsAuthorizedKeysOnceAndTheDeviceKeyThenLogsIn() throws {
        let world = try FakeWindowsHost(admin: true)
        defer { world.tearDown() }
        let install = CLIHarness.checked(["key", "install", "win", "--yes"], environment: world.env, input: [world.password])
        XCTAssertTrue(install.out.contains(#"Added this device's key to %ProgramData%\ssh\administrators_authorized_keys on win"#),
                      install.out + install.err)
        XCTAssertTrue(install.out.contains("Logged in to win with the device key alone"), install.out)
        XCTAssertFalse(install.out.contains(world.password) || install.err.contains(world.password))
        let keys = world.fake.file("ProgramData/ssh/administrators_authorized_keys")
        XCTAssertEqual(try world.lines(keys), [try world.deviceLine()])
        XCTAssertEqual(try String(contentsOfFile: world.fake.file("icacls"), encoding: .utf8), keys + "\n", "its ACL was set")
        XCTAssertFalse(FileManager.default.fileExists(atPath: world.account.home + "/.ssh/authorized_keys"))

        let again = CLIHarness.checked(["key", "install", "win"], environment: world.env)
        XCTAssertTrue(again.out.contains("already in %ProgramData%\\ssh\\administrators_authorized_keys on win; nothing added"), again.out)
        XCTAssertEqual(try world.lines(keys), [try world.deviceLine()], "running it twice leaves one line")
    }

    func testAnotherAccountsKeyGoesToItsOwnAuthorizedKeysAfterALineWithoutABreak() throws {
        let world = try FakeWindowsHost(admin: false)
        defer { world.tearDown() }
        try FileManager.default.createDirectory(atPath: world.account.home + "/.ssh", withIntermediateDirectories: true)
        try world.account.writeFile(".ssh/authorized_keys", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOther other", mode: 0o600)
        try Shell.run("/bin/chown", ["-R", world.account.name, world.account.home + "/.ssh"])
        let install = CLIHarness.checked(["key", "install", "win", "--yes"], environment: world.env, input: [world.password])
        XCTAssertTrue(install.out.contains(#"Added this device's key to %USERPROFILE%\.ssh\authorized_keys on win"#), install.out)
        XCTAssertTrue(install.out.contains("Logged in to win with the device key alone"), install.out)
        XCTAssertEqual(try world.lines(world.account.authorizedKeysPath),
                       ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOther other", try world.deviceLine()])
        XCTAssertFalse(FileManager.default.fileExists(atPath: world.fake.file("ProgramData/ssh/administrators_authorized_keys")))
    }

    /// A Windows host registered as unix gets the /bin/sh script, which its shell refuses: the
    /// error names the setting that fixes it, and nothing was written.
    func testAWindowsHostRegisteredAsUnixIsToldToSayItIsWindows() throws {
        let world = try FakeWindowsHost(admin: false, platform: "unix")
        defer { world.tearDown() }
        let install = CLIHarness.checked(["key", "install", "win", "--yes"], environment: world.env, input: [world.password],
                                         expect: 1)
        XCTAssertTrue(install.err.contains("could not change ~/.ssh/authorized_keys on win"), install.err)
        XCTAssertTrue(install.err.contains("if it is a Windows host, say so with 'drover hosts edit win --platform windows'"),
                      install.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: world.account.home + "/.ssh/authorized_keys"))
    }
}

/// A throwaway account with a password on an sshd whose commands go to the fake Windows shell,
/// reading keys from the fake's %ProgramData% and from the account's ~/.ssh; registered as the
/// Windows host `win`.
private struct FakeWindowsHost {
    let fake: TemporaryDirectory
    let dir: TemporaryDirectory
    let sshd: TestSSHD
    let account: ThrowawayAccount
    let password = "pw-\(UInt32.random(in: 100_000...999_999))"
    var env: [String: String] {
        ["DROVER_HOME": dir.file("drover"), "USER": TestSSHD.currentUser, "HOME": dir.file("home"), "PATH": "/usr/bin:/bin"]
    }

    init(admin: Bool, platform: String = "windows") throws {
        fake = try TemporaryDirectory(prefix: "drover-fake-windows")
        chmod(fake.path, 0o755)
        dir = try TemporaryDirectory(prefix: "drover-keyinstall-win")
        sshd = try TestSSHD(extraConfig: [
            "ForceCommand /usr/bin/python3 \(ThrowawayAccount.repositoryRoot)/scripts/fake-windows-shell \(fake.path)",
            "AuthorizedKeysFile \(fake.path)/ProgramData/ssh/administrators_authorized_keys .ssh/authorized_keys",
        ])
        account = try ThrowawayAccount(sshd: sshd)
        try "cmd".write(toFile: fake.file("shell"), atomically: true, encoding: .utf8)
        if admin { try "".write(toFile: fake.file("admin"), atomically: true, encoding: .utf8) }
        try Shell.run("/bin/chown", ["-R", account.name, fake.path])
        try Shell.run("/usr/sbin/chpasswd", [], input: "\(account.name):\(password)\n")
        try FileManager.default.removeItem(atPath: account.home + "/.ssh")
        CLIHarness.checked(["hosts", "add", "win", "\(account.name)@127.0.0.1:\(sshd.port)", "--platform", platform],
                           environment: env)
    }

    func deviceLine() throws -> String { try DeviceKey.loadOrCreate(root: DroverRoot(path: dir.file("drover"))).publicLine }

    /// The file's lines without their CRLF ends.
    func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    func tearDown() {
        sshd.tearDown()
        account.remove()
        dir.remove()
        fake.remove()
    }
}
