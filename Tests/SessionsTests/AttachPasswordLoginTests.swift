import Foundation
import XCTest
import TestSupport

/// When neither the device key nor an agent is accepted, attach asks the server's password
/// question in an overlay (the answer is never drawn) and logs in with it.
final class AttachPasswordLoginTests: XCTestCase {
    private var harness: AttachHarness!
    private var account: ThrowawayAccount!
    private let password = "pw-\(UInt32.random(in: 100_000...999_999))"

    override func setUpWithError() throws {
        harness = try AttachHarness()
        account = try ThrowawayAccount(sshd: harness.sshd)
        try Shell.run("/usr/sbin/chpasswd", [], input: "\(account.name):\(password)\n")
        try harness.drover(["hosts", "add", "e2e", "--host", "127.0.0.1", "--port", String(harness.sshd.port),
                            "--user", account.name, "--command", "exec /bin/sh -c 'echo logged-in-as-$(id -un); read line'"])
        try harness.startOuterTerminal(width: 100, height: 30)
    }

    override func tearDown() {
        harness?.tearDown()   // ends drover and its session first: the account is removed once idle
        account?.remove()
    }

    func testPasswordIsAskedHiddenAndLogsIn() throws {
        try harness.attachTrusting(until: "password:")
        try harness.type(password)
        let asking = try harness.screen()
        XCTAssertFalse(asking.contains(password), "the typed password is not drawn:\n\(asking)")
        try harness.type("\n")
        try harness.waitFor("logged-in-as-\(account.name)")
    }

    /// Like ssh, three tries: two refused passwords are asked again (numbered), the third logs in.
    func testARefusedPasswordIsAskedAgainUpToThreeTries() throws {
        try harness.attachTrusting(until: "password:")
        try harness.type("not-\(password)\n")
        try harness.waitFor("try again (2 of 3)")
        try harness.type("still-not-\(password)\n")
        try harness.waitFor("try again (3 of 3)")
        try harness.type("\(password)\n")
        try harness.waitFor("logged-in-as-\(account.name)")
    }

    func testThreeRefusedPasswordsEndWithTheAuthRefusedMessage() throws {
        try harness.attachTrusting(until: "password:")
        for attempt in 1...3 {
            if attempt > 1 { try harness.waitFor("try again (\(attempt) of 3)") }
            try harness.type("not-\(password)-\(attempt)\n")
        }
        let (status, screen) = try harness.waitForExit()
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(screen.contains("refused login"), screen)
    }

    /// Escape at the question stops asking: nothing more is tried.
    func testEscapeAtThePasswordQuestionEndsWithTheAuthRefusedMessage() throws {
        try harness.attachTrusting(until: "password:")
        try harness.keys("Escape")
        let (status, screen) = try harness.waitForExit()
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(screen.contains("refused login"), screen)
    }

    /// A reconnect logs in with the password given earlier in this run, without asking again.
    func testAReconnectReusesThePasswordGivenInThisRun() throws {
        try harness.attachTrusting(until: "password:")
        try harness.type("\(password)\n")
        try harness.waitFor("logged-in-as-\(account.name)")

        try harness.sshd.stopAndDropConnections()
        try harness.waitFor("reconnecting")
        try harness.sshd.restart()
        try harness.keys("C-]", "r")
        // The command runs again on the new connection: a second line, with no question between.
        let screen = try harness.waitUntil("a second login", timeout: 30) {
            $0.components(separatedBy: "logged-in-as-\(account.name)").count == 3
        }
        XCTAssertFalse(screen.contains("asks for a login answer"), screen)
        try harness.keys("C-]", "d")
        XCTAssertEqual(try harness.waitForExit().status, 0)
    }

    /// The host's auth preference is honoured: with `--auth password` the authorized device key
    /// is not used, and the password is asked for.
    func testAuthPreferenceLeavingOutTheDeviceKeyAsksForThePassword() throws {
        let publicLine = try String(contentsOfFile: harness.home + "/device_ed25519.pub", encoding: .utf8)
        try account.authorize(publicLine)
        try harness.drover(["hosts", "edit", "e2e", "--auth", "password"])
        try harness.attachTrusting(until: "password:")
        try harness.type("\(password)\n")
        try harness.waitFor("logged-in-as-\(account.name)")
    }
}
