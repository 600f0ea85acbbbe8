import Foundation
import XCTest
@testable import Hosts
import TextSafety

final class HostValidationTests: XCTestCase {
    private func host(_ change: (inout HostEntry) -> Void = { _ in }) -> HostEntry {
        var h = HostEntry(name: "web", hostname: "web.example.com", user: "ada")
        change(&h)
        return h
    }

    private func assertRefused(_ h: HostEntry, field: String, rule: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try h.validate(), file: file, line: line) { error in
            guard let e = error as? HostValidationError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(e.field, field, file: file, line: line)
            XCTAssertEqual(e.rule, rule, file: file, line: line)
            XCTAssertTrue(e.description.hasPrefix("\(field) '"), e.description, file: file, line: line)
            XCTAssertTrue(e.description.contains(rule), e.description, file: file, line: line)
        }
    }

    func testValidHostPasses() throws {
        try host().validate()
        try host { $0.session = "work.main_2-b"; $0.command = "tmux attach"; $0.platform = .windows }.validate()
    }

    /// hosts.json keeps the names' form only; which ones libssh2 knows is checked where given.
    func testLegacyAlgorithmNamesHaveTheirForm() throws {
        try host { $0.legacyAlgorithms = ["aes128-cbc", "hmac-sha1-etm@openssh.com"] }.validate()
        for bad in [[], [""], ["AES128-CBC"], ["aes128 cbc"], ["x\u{1b}[0m"], Array(repeating: "arcfour", count: 33)] {
            assertRefused(host { $0.legacyAlgorithms = bad }, field: "legacyAlgorithms", rule: HostRules.legacyAlgorithmsRule)
        }
        let old = try JSONDecoder().decode(HostEntry.self, from: Data(#"{"name":"a","hostname":"b"}"#.utf8))
        XCTAssertNil(old.legacyAlgorithms, "a file from before the setting loads")
    }

    func testHostNameRules() throws {
        for bad in ["", "-web", ".web", "_web", "web server", "web/1", "user@web", "web:22", "wéb", String(repeating: "a", count: 65)] {
            assertRefused(host { $0.name = bad }, field: "name", rule: HostRules.nameRule)
        }
        for good in ["w", "Web-1.prod_a", "9lives", String(repeating: "a", count: 64)] {
            XCTAssertNoThrow(try host { $0.name = good }.validate(), good)
        }
    }

    func testSessionNameRulesRefuseRatherThanEscape() throws {
        for bad in ["", ".", "..", "a b", "a'b", "a;rm", "$(x)", "ä", "a/b", String(repeating: "s", count: 65)] {
            assertRefused(host { $0.session = bad }, field: "session", rule: HostRules.sessionRule)
        }
        for good in ["...", ".x", "A-Z.a_z-09", "x-", String(repeating: "s", count: 64)] {
            XCTAssertNoThrow(try host { $0.session = good }.validate(), good)
        }
    }

    /// herdr would read `session attach -h` as its own option, so no session name starts with '-'.
    func testSessionNameMayNotStartWithADash() {
        for bad in ["-", "-h", "--help", "-work"] {
            assertRefused(host { $0.session = bad }, field: "session", rule: HostRules.sessionRule)
        }
        XCTAssertTrue(HostRules.sessionRule.contains("not starting with '-'"), HostRules.sessionRule)
    }

    func testHostnameAcceptsDNSIPv4AndIPv6() throws {
        for good in ["localhost", "web.example.com", "my_host.lan", "10.0.0.1", "::1", "fe80::1%eth0", "2001:db8::42", "a1"] {
            XCTAssertNoThrow(try host { $0.hostname = good }.validate(), good)
        }
        for bad in ["", "-web", "web-", "a..b", "web.", "999.1.1.1", "1.2.3", "[::1]", "web host", "ex!ample.com",
                    String(repeating: "a", count: 64) + ".com", "fe80::1%"] {
            assertRefused(host { $0.hostname = bad }, field: "hostname", rule: HostRules.hostnameRule)
        }
        XCTAssertEqual(Hostname.stripBrackets("[::1]"), "::1")
    }

    func testPortRange() throws {
        for bad in [0, -1, 65536] { assertRefused(host { $0.port = bad }, field: "port", rule: HostRules.portRule) }
        for good in [1, 22, 65535] { XCTAssertNoThrow(try host { $0.port = good }.validate()) }
    }

    func testUserRules() throws {
        for bad in ["", " ada", "ada ", "a@b", "a:b", "a\nb", "a\u{7f}", String(repeating: "u", count: 129)] {
            assertRefused(host { $0.user = bad }, field: "user", rule: HostRules.userRule)
        }
        XCTAssertNoThrow(try host { $0.user = #"CORP\ada"# }.validate())
    }

    /// Whitespace inside a user name is refused as the pairing link refuses it (one rule).
    func testUserNamesWithWhitespaceAreRefusedLikeThePairingRule() {
        for bad in ["e e", "ada\tl", "ada\u{a0}l", #"CORP\ada lovelace"#] {
            assertRefused(host { $0.user = bad }, field: "user", rule: HostRules.userRule)
            XCTAssertFalse(UserNameCharacters.allAllowed(bad))
        }
    }

    func testCommandOverrideRules() throws {
        for bad in ["", "  \n", "a\u{0}b", String(repeating: "c", count: 4097)] {
            assertRefused(host { $0.command = bad }, field: "command", rule: HostRules.commandRule)
        }
        XCTAssertNoThrow(try host { $0.command = "cd /srv && exec 'herdr'" }.validate())
    }

    func testAuthPreferenceRules() throws {
        assertRefused(host { $0.auth = [] }, field: "auth", rule: HostRules.authRule)
        assertRefused(host { $0.auth = [.agent, .agent] }, field: "auth", rule: HostRules.authRule)
        XCTAssertNoThrow(try host { $0.auth = [.password] }.validate())
    }

    func testMessageEscapesControlCharacters() {
        let e = HostValidationError(field: "user", value: "a\u{1b}[2Jb", rule: HostRules.userRule)
        XCTAssertFalse(e.description.contains("\u{1b}"))
        XCTAssertTrue(e.description.contains("\\u{1b}[2Jb"), e.description)
    }

    func testSameAccountComparesCanonically() {
        let a = host { $0.hostname = "2001:db8::1" }
        let b = host { $0.name = "b"; $0.hostname = "2001:DB8:0::1" }
        XCTAssertTrue(a.hasSameAccount(as: b))
        XCTAssertTrue(host().hasSameAccount(as: host { $0.hostname = "WEB.example.com" }))
        XCTAssertFalse(host().hasSameAccount(as: host { $0.port = 2222 }))
        XCTAssertFalse(host().hasSameAccount(as: host { $0.user = "bob" }))
        XCTAssertEqual(a.account, "ada@[2001:db8::1]:22")
    }
}
