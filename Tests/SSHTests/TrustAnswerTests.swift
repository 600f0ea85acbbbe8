import Foundation
import XCTest
import Identity
import SSH
import TestSupport

/// The pure parts of host key trust: judging a typed answer, asking until it decides, and the
/// host key algorithm order the pins give.
final class TrustAnswerTests: XCTestCase {
    private let fingerprint = "SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8"

    func testOnlyYesOrTheMatchingFingerprintTrusts() {
        for answer in ["yes", " yes ", "YES", "Yes", fingerprint, "  \(fingerprint) "] {
            XCTAssertEqual(TrustAnswer(judging: answer, fingerprint: fingerprint), .trust, answer)
        }
        for answer in ["no", " NO ", nil] as [String?] {
            XCTAssertEqual(TrustAnswer(judging: answer, fingerprint: fingerprint), .refuse, answer ?? "nil")
        }
        for answer in ["", "   ", "y", "ye", "yes please", "yess", "n", "nope", "ok", "\u{1B}[A", "trust"] {
            XCTAssertEqual(TrustAnswer(judging: answer, fingerprint: fingerprint), .askAgain(hint: TrustAnswer.hint), answer)
        }
    }

    func testAFingerprintMustMatchExactly() {
        let mismatch = TrustAnswer.askAgain(hint: TrustAnswer.mismatchHint)
        XCTAssertEqual(TrustAnswer(judging: "SHA256:AAAAbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8", fingerprint: fingerprint), mismatch)
        XCTAssertEqual(TrustAnswer(judging: fingerprint.lowercased(), fingerprint: fingerprint), mismatch,
                       "base64 is case-sensitive")
        XCTAssertEqual(TrustAnswer(judging: String(fingerprint.dropLast()), fingerprint: fingerprint), mismatch)
        XCTAssertEqual(TrustAnswer(judging: "SHA256:", fingerprint: fingerprint), mismatch)
        XCTAssertEqual(TrustAnswer(judging: "SHA256:", fingerprint: "SHA256:"), .askAgain(hint: TrustAnswer.mismatchHint),
                       "an empty fingerprint never matches")
    }

    func testConfirmAsksAgainWithAHintUntilAnAnswerDecides() {
        let key = PresentedHostKey(host: "box", port: 22, peer: PeerAddress(address: "box", port: 22),
                                   keyType: "ssh-ed25519", blob: [1], fingerprint: fingerprint)
        func run(_ answers: [String]) -> (Bool, [String]) {
            var left = answers, shown: [String] = []
            let trusted = HostKeyTrust.confirm(UnknownHostKey(key: key)) { text in
                shown.append(text)
                return left.isEmpty ? nil : left.removeFirst()
            }
            return (trusted, shown)
        }
        let (enterThenNo, shown) = run(["", "y", "SHA256:wrong", "no"])
        XCTAssertFalse(enterThenNo)
        XCTAssertEqual(shown.count, 4)
        XCTAssertTrue(shown[0].contains(fingerprint), shown[0])
        XCTAssertEqual(shown[1...].map { $0.trimmingCharacters(in: .whitespaces) },
                       [TrustAnswer.hint, TrustAnswer.hint, TrustAnswer.mismatchHint])
        XCTAssertTrue(run(["", fingerprint]).0)
        XCTAssertTrue(run(["maybe", "yes"]).0)
        XCTAssertFalse(run([""]).0, "the end of input stops")
    }

    func testPinnedTypesAreOfferedFirst() {
        XCTAssertEqual(SSHOptions.hostKeyAlgorithms(preferring: []), SSHOptions.defaultHostKeyAlgorithms)
        let rsa = ["rsa-sha2-512", "rsa-sha2-256"]
        XCTAssertEqual(SSHOptions.hostKeyAlgorithms(preferring: ["ecdsa-sha2-nistp256"]),
                       ["ecdsa-sha2-nistp256", "ssh-ed25519", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521"] + rsa)
        XCTAssertEqual(SSHOptions.hostKeyAlgorithms(preferring: ["ecdsa-sha2-nistp384", "ssh-ed25519"]),
                       ["ssh-ed25519", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp521"] + rsa)
        XCTAssertEqual(SSHOptions.hostKeyAlgorithms(preferring: ["ssh-rsa", "ssh-dss"]),
                       rsa + ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521"],
                       "a pinned RSA key asks for rsa-sha2 first; a DSA pin adds nothing")
    }

    func testPreferringPinsReadsTheFileAndKeepsExplicitAlgorithms() throws {
        let dir = try TemporaryDirectory(prefix: "drover-trust")
        defer { dir.remove() }
        let pins = KnownHosts(path: dir.file("known_hosts"))
        try Shell.run("/usr/bin/ssh-keygen", ["-q", "-t", "ecdsa", "-N", "", "-f", dir.file("ec")])
        let ec = try SSHPublicKey(line: String(contentsOfFile: dir.file("ec.pub"), encoding: .utf8))
        try pins.add(host: "box", port: 2222, keyType: ec.type, blob: ec.blob)

        let ordered = try SSHOptions().preferringPins(in: pins, host: "box", port: 2222)
        XCTAssertEqual(ordered.hostKeyAlgorithms?.first, "ecdsa-sha2-nistp256")
        XCTAssertEqual(try SSHOptions().preferringPins(in: pins, host: "box", port: 22).hostKeyAlgorithms,
                       SSHOptions.defaultHostKeyAlgorithms, "another port has its own pins")
        let explicit = SSHOptions(hostKeyAlgorithms: ["ssh-ed25519"])
        XCTAssertEqual(try explicit.preferringPins(in: pins, host: "box", port: 2222), explicit)
    }
}
