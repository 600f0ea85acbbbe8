import Files
import Foundation
import Identity
import TestSupport
import XCTest
@testable import DroverCLI

final class PinsCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var env: [String: String] { ["DROVER_HOME": dir.file("drover")] }
    private var pins: KnownHosts { KnownHosts(root: DroverRoot(path: dir.file("drover"))) }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "drover-pinscmd") }
    override func tearDown() { dir.remove() }

    @discardableResult
    private func pin(_ host: String, _ port: Int) throws -> SSHPublicKey {
        let key = try Ed25519KeyPair().sshPublicKey
        try pins.add(host: host, port: port, keyType: key.type, blob: key.blob)
        return key
    }

    func testListWithoutPinsSaysSo() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("pins"), 0)
        XCTAssertTrue(h.out.contains("No pinned host keys yet"), h.out)
    }

    func testListShowsHostPortTypeAndFingerprintInColumns() throws {
        let a = try pin("alpha.example", 22), b = try pin("::1", 2222)
        for args in [["pins"], ["pins", "list"]] {
            let h = CLIHarness(environment: env)
            XCTAssertEqual(h.run(args), 0, h.err)
            XCTAssertEqual(h.out, """
                HOST           PORT  TYPE         FINGERPRINT
                alpha.example  22    ssh-ed25519  \(a.fingerprint)
                ::1            2222  ssh-ed25519  \(b.fingerprint)

                """)
        }
    }

    func testForgetRemovesExactlyThatHostAndPort() throws {
        try pin("box.example", 22)
        let gone = try pin("box.example", 2222)
        try pin("other.example", 2222)
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("pins", "forget", "box.example:2222"), 0, h.err)
        XCTAssertEqual(h.out, "Forgot [box.example]:2222 ssh-ed25519 \(gone.fingerprint)\n")
        XCTAssertEqual(try pins.list().map(\.token), ["box.example", "[other.example]:2222"])
    }

    func testForgetUnderstandsIPv6Forms() throws {
        try pin("::1", 2222)
        try pin("::1", 22)
        try pin("fd7a:115c:a1e0::5", 22)
        let bracketed = CLIHarness(environment: env)
        XCTAssertEqual(bracketed.run("pins", "forget", "[::1]:2222"), 0, bracketed.err)
        XCTAssertEqual(try pins.list().map(\.token), ["::1", "fd7a:115c:a1e0::5"])
        let bare = CLIHarness(environment: env)
        XCTAssertEqual(bare.run("pins", "forget", "FD7A:115C:A1E0::5"), 0, bare.err)
        XCTAssertEqual(try pins.list().map(\.token), ["::1"])
        let bracketedNoPort = CLIHarness(environment: env)
        XCTAssertEqual(bracketedNoPort.run("pins", "forget", "[::1]"), 0, bracketedNoPort.err)
        XCTAssertEqual(try pins.list(), [])
    }

    func testForgetWithNothingMatchingFailsAndPointsAtOtherPorts() throws {
        try pin("box.example", 2222)
        let before = try AtomicFile.read(pins.path)
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("pins", "forget", "box.example"), 1)
        XCTAssertTrue(h.err.contains("no pinned key for box.example"), h.err)
        XCTAssertTrue(h.err.contains("drover pins forget [box.example]:2222"), h.err)
        XCTAssertEqual(try AtomicFile.read(pins.path), before)
        let none = CLIHarness(environment: env)
        XCTAssertEqual(none.run("pins", "forget", "nowhere.example"), 1)
        XCTAssertTrue(none.err.contains("no pinned key for nowhere.example. Run 'drover pins'"), none.err)
    }

    func testForgetWarnsWhenAWildcardLineStillMatches() throws {
        let exact = try pin("h.example", 22)
        let wild = try Ed25519KeyPair().sshPublicKey
        let text = try XCTUnwrap(try AtomicFile.read(pins.path))
        try AtomicFile.write(text + Data("*.example \(wild.line)\n".utf8), to: pins.path)
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("pins", "forget", "h.example"), 0, h.err)
        XCTAssertEqual(h.out, "Forgot h.example ssh-ed25519 \(exact.fingerprint)\n")
        XCTAssertTrue(h.err.contains("a wildcard line in \(pins.path) still matches h.example"), h.err)
    }

    func testHashedPinsAreListedAsHashedAndForgotten() throws {
        let hashed = try pin("box.example", 2222)
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-H", "-f", pins.path])
        let plain = try pin("plain.example", 22)
        let list = CLIHarness(environment: env)
        XCTAssertEqual(list.run("pins"), 0, list.err)
        XCTAssertEqual(list.out, """
            HOST           PORT  TYPE         FINGERPRINT
            (hashed)       -     ssh-ed25519  \(hashed.fingerprint)
            plain.example  22    ssh-ed25519  \(plain.fingerprint)

            """)
        let forget = CLIHarness(environment: env)
        XCTAssertEqual(forget.run("pins", "forget", "box.example:2222"), 0, forget.err)
        XCTAssertEqual(forget.out, "Forgot [box.example]:2222 ssh-ed25519 \(hashed.fingerprint) (a hashed line)\n")
        XCTAssertEqual(try pins.list().map(\.token), ["plain.example"])
    }

    func testForgetArgumentErrorsAreUsageErrors() {
        for bad in ["host:0", "host:99999", "host:http", "[::1", "[::1]2222", "user@host", ":22"] {
            let h = CLIHarness(environment: env)
            XCTAssertEqual(h.run("pins", "forget", bad), 2, "\(bad): \(h.err)")
            XCTAssertTrue(h.err.contains("drover help pins forget"), h.err)
        }
        let missing = CLIHarness(environment: env)
        XCTAssertEqual(missing.run("pins", "forget"), 2)
        XCTAssertTrue(missing.err.contains("missing HOST[:PORT]"), missing.err)
    }

    func testPinTargetParsesEveryForm() throws {
        XCTAssertTrue(try PinTarget.parse("h") == ("h", 22))
        XCTAssertTrue(try PinTarget.parse("h:2222") == ("h", 2222))
        XCTAssertTrue(try PinTarget.parse("[::1]:2222") == ("::1", 2222))
        XCTAssertTrue(try PinTarget.parse("::1") == ("::1", 22))
        XCTAssertTrue(try PinTarget.parse("[10.0.0.1]") == ("10.0.0.1", 22))
    }

    /// Issue 9 item 4: a registry name stands for its host's address and port.
    func testForgetAcceptsARegistryName() throws {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "mac-work", "ann@mac.example:2222", "--session", "work"), 0, h.err)
        let kept = try pin("mac.example", 22)
        let gone = try pin("mac.example", 2222)
        let forget = CLIHarness(environment: env)
        XCTAssertEqual(forget.run("pins", "forget", "mac-work"), 0, forget.err)
        XCTAssertEqual(forget.out, "mac-work is [mac.example]:2222\nForgot [mac.example]:2222 ssh-ed25519 \(gone.fingerprint)\n")
        XCTAssertEqual(try pins.list().map(\.fingerprint), [kept.fingerprint])
        let again = CLIHarness(environment: env)
        XCTAssertEqual(again.run("pins", "forget", "mac-work"), 1)
        // mac.example:22 is another server's pin: forgetting it is not suggested (issue 32).
        XCTAssertTrue(again.err.contains("no pinned key for [mac.example]:2222 (mac-work), so there is nothing to forget"), again.err)
        XCTAssertFalse(again.err.contains("pins forget mac.example"), again.err)
    }

    /// Pins are kept by address: forgetting one name's forgets it for another name with the
    /// same address and port, and the output says which (trial of issue 32).
    func testForgetSaysWhichOtherNamesUsedThePin() throws {
        for (name, user) in [("sh1", "ann"), ("demo", "bob")] {
            let h = CLIHarness(environment: env)
            XCTAssertEqual(h.run("hosts", "add", name, "\(user)@127.0.0.1:2222", "--session", "s"), 0, h.err)
        }
        try pin("127.0.0.1", 2222)
        let byName = CLIHarness(environment: env)
        XCTAssertEqual(byName.run("pins", "forget", "sh1"), 0, byName.err)
        XCTAssertTrue(byName.out.contains("also used by demo (the same address)"), byName.out)
        try pin("127.0.0.1", 2222)
        let byAddress = CLIHarness(environment: env)
        XCTAssertEqual(byAddress.run("pins", "forget", "127.0.0.1:2222"), 0, byAddress.err)
        XCTAssertTrue(byAddress.out.contains("used by sh1, demo (the same address)"), byAddress.out)
    }

    /// Issue 32: a mistyped name gets "did you mean" among what has pins only: a registry name
    /// whose address is pinned, or a pinned host; a registered host without a pin is not guessed.
    func testAMistypedNameSuggestsOnlyWhatHasPins() throws {
        let add = CLIHarness(environment: env)
        XCTAssertEqual(add.run("hosts", "add", "demo", "ann@127.0.0.1:2222"), 0, add.err)
        XCTAssertEqual(add.run("hosts", "add", "memo", "ann@127.0.0.1:2223"), 0, add.err)
        try pin("127.0.0.1", 2222)
        let typo = CLIHarness(environment: env)
        XCTAssertEqual(typo.run("pins", "forget", "demmo"), 1)
        XCTAssertTrue(typo.err.contains("no pinned key for demmo. Did you mean 'demo'? Run 'drover pins'"), typo.err)
        let unpinned = CLIHarness(environment: env)
        XCTAssertEqual(unpinned.run("pins", "forget", "mmeo"), 1)
        XCTAssertFalse(unpinned.err.contains("'memo'"), "memo has no pin: \(unpinned.err)")
    }

    /// Issue 32: an address with its port names no other port's pin either: that is another server.
    func testForgetOfAnAddressWithItsPortSuggestsNoOtherServersPin() throws {
        try pin("mac.example", 22)
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("pins", "forget", "mac.example:2222"), 1)
        XCTAssertTrue(h.err.contains("no pinned key for [mac.example]:2222. Run 'drover pins'"), h.err)
        XCTAssertFalse(h.err.contains("pins forget mac.example"), h.err)
        XCTAssertEqual(try pins.list().count, 1)
    }

    func testANameThatIsAlsoAPinnedHostIsAskedAboutNotGuessed() throws {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("hosts", "add", "box.example", "ann@10.0.0.7"), 0, h.err)
        try pin("box.example", 22)
        try pin("10.0.0.7", 22)
        let forget = CLIHarness(environment: env)
        XCTAssertEqual(forget.run("pins", "forget", "box.example"), 2)
        XCTAssertTrue(forget.err.contains("give 'drover pins forget 10.0.0.7' or 'drover pins forget box.example:22'"), forget.err)
        XCTAssertEqual(try pins.list().count, 2, "nothing was forgotten")
        let literal = CLIHarness(environment: env)
        XCTAssertEqual(literal.run("pins", "forget", "box.example:22"), 0, literal.err)
        XCTAssertEqual(try pins.list().map(\.host), ["10.0.0.7"])
    }

    func testForgetByAddressStillWorksWhenTheRegistryIsUnreadable() throws {
        try FileManager.default.createDirectory(atPath: dir.file("drover"), withIntermediateDirectories: true)
        try "not json".write(toFile: dir.file("drover/hosts.json"), atomically: true, encoding: .utf8)
        try pin("box.example", 22)
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("pins", "forget", "box.example"), 0, h.err)
        XCTAssertEqual(try pins.list(), [])
    }

    func testUnknownPinsSubcommandIsAUsageError() {
        let h = CLIHarness(environment: env)
        XCTAssertEqual(h.run("pins", "drop", "x"), 2)
        XCTAssertTrue(h.err.contains("unknown command 'drop'"), h.err)
    }
}
