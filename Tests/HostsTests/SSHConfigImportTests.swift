import XCTest
import TestSupport
@testable import Hosts

final class SSHConfigImportTests: XCTestCase {
    /// A home without ~/.ssh, so an Include matches nothing.
    static let noFiles = SSHConfigFiles(home: "/nonexistent-drover-home")

    static func parse(_ text: String) -> SSHConfigImport { SSHConfigImport.parse(text, files: noFiles) }

    /// A config shaped like real ones: globals, Include, wildcard defaults, Match, quoting, `=`.
    static let realistic = """
        # ~/.ssh/config
        Include ~/.ssh/config.d/*
        ServerAliveInterval 30

        Host github.com
            User git
            IdentityFile ~/.ssh/id_ed25519

        Host web web-alias
          HostName web.example.com
          Port 2222

        Host db
        \tHostName=10.0.0.12
        \tUser = postgres

        Host *.internal !bastion.internal
            User ops

        Host nas.internal
            Port 8022

        Match host db exec "test -f /tmp/x"
            User shouldnotapply

        Host jump "quoted name"
            HostName %h.example.org

        Host weird
            HostName %r.example.org

        Host badport
            Port 70000

        Host v6
            HostName [2001:db8::5]

        Host *
            User defaultuser
            Port 22
        """

    func testRealisticConfigEntriesFollowFirstValueWins() {
        let result = Self.parse(Self.realistic)
        let byAlias = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.alias, $0) })
        XCTAssertEqual(result.entries.map(\.alias), ["github.com", "web", "web-alias", "db", "nas.internal", "jump", "v6"])
        XCTAssertEqual(byAlias["github.com"], SSHConfigEntry(
            alias: "github.com", hostname: "github.com", user: "git", port: 22, identityFiles: ["~/.ssh/id_ed25519"], line: 5,
            notCarriedOver: ["Match block (line 23)"], keepalive: 30))
        XCTAssertEqual(byAlias["web"], SSHConfigEntry(
            alias: "web", hostname: "web.example.com", user: "defaultuser", port: 2222, line: 9,
            notCarriedOver: ["Match block (line 23)"], keepalive: 30))
        XCTAssertEqual(byAlias["web-alias"]?.hostname, "web.example.com")
        XCTAssertEqual(byAlias["db"], SSHConfigEntry(
            alias: "db", hostname: "10.0.0.12", user: "postgres", port: 22, line: 13,
            notCarriedOver: ["Match block (line 23)"], keepalive: 30))
        XCTAssertEqual(byAlias["nas.internal"]?.user, "ops", "the earlier wildcard block's User wins over Host *")
        XCTAssertEqual(byAlias["nas.internal"]?.port, 8022)
        XCTAssertEqual(byAlias["jump"]?.hostname, "jump.example.org")
        XCTAssertEqual(byAlias["v6"]?.hostname, "[2001:db8::5]")
    }

    func testSkippedLinesAndPatternsAreExplained() {
        let result = Self.parse(Self.realistic)
        XCTAssertEqual(result.notes, [
            "line 2: Include ~/.ssh/config.d/*: matches no file (looked for ~/.ssh/config.d/*)",
            "line 17: skipped wildcard pattern '*.internal'; it names no single computer",
            "line 17: skipped negated pattern '!bastion.internal'; it names no single computer",
            "line 38: skipped wildcard pattern '*'; it names no single computer",
        ])
        XCTAssertEqual(result.skipped, [
            SSHConfigSkip(alias: "quoted name", location: "line 26",
                          reason: "name 'quoted name' is not allowed: \(HostRules.nameRule)"),
            SSHConfigSkip(alias: "weird", location: "line 29",
                          reason: "line 30: HostName '%r.example.org' uses tokens other than %h and %%"),
            SSHConfigSkip(alias: "badport", location: "line 32", reason: "line 33: Port '70000' is not a number from 1 to 65535"),
        ])
    }

    func testNegationExcludesAHostFromABlock() {
        let result = Self.parse("""
            Host a b
            Host *.lan !b.lan
              User lanuser
            Host a.lan b.lan
            """)
        let users = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.alias, $0.user) })
        XCTAssertEqual(users["a.lan"], "lanuser")
        XCTAssertEqual(users["b.lan"], .some(nil))
    }

    func testEmptyConfigYieldsNothing() {
        XCTAssertEqual(Self.parse(""), SSHConfigImport())
        XCTAssertEqual(Self.parse("# only a comment\n\n"), SSHConfigImport())
    }
}
