import Foundation
import TestSupport
import XCTest

/// Issue 32: the bash, zsh and fish completions and the man page list, for every command
/// `drover help` knows, exactly its subcommands and options as `--help` prints them; bash
/// completes commands, options and the registry's host names; `man -l` renders the page.
final class CompletionsAndManTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUpWithError() throws { home = try TemporaryDirectory(prefix: "drover-completions") }
    override func tearDown() { home.remove() }

    @discardableResult
    private func drover(_ args: String...) throws -> String {
        let result = try DroverBinary.run(args, home: home.path)
        XCTAssertEqual(result.status, 0, "drover \(args.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    /// Every command path with the subcommands and long options its --help lists.
    private func helpTable() throws -> [(path: [String], subs: [String], options: [String])] {
        var table: [(path: [String], subs: [String], options: [String])] = []
        var queue: [[String]] = [[]]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            let help = try DroverBinary.run(["help"] + path, home: home.path).stdout
            let sections = help.components(separatedBy: "\n\n")
            let subs = sections.first { $0.hasPrefix("commands:") }.map { section in
                section.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
            } ?? []
            let optionLines = sections.first { $0.hasPrefix("options:") }?.split(separator: "\n").dropFirst() ?? []
            let options = optionLines.compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("--") }.map(String.init)
            }
            table.append((path, subs, options))
            queue += subs.map { path + [$0] }
        }
        return table
    }

    func testCompletionsAndManPageListWhatHelpLists() throws {
        let bash = try drover("completions", "bash"), zsh = try drover("completions", "zsh")
        let fish = try drover("completions", "fish"), man = try drover("man")
        let table = try helpTable()
        XCTAssertGreaterThan(table.count, 10, "help lists the commands and subcommands")
        for (path, subs, options) in table {
            let key = path.joined(separator: "/")
            let what = "drover \(path.joined(separator: " "))"
            let usage = try DroverBinary.run(["help"] + path, home: home.path).stdout.split(separator: "\n")[0].dropFirst("usage: ".count)
            let heading = ".SS \"" + usage.replacingOccurrences(of: "-", with: "\\-").replacingOccurrences(of: "\"", with: "\\(dq")
            let manSection = try XCTUnwrap(section(of: man, from: heading + "\"", to: ".SS") ?? section(of: man, from: heading + "\"", to: ".SH"),
                                           "man lacks usage of \(what)")
            let bashCase = try XCTUnwrap(section(of: bash, from: "    \"\(key)\")", to: ";;"), what)
            let zshCase = try XCTUnwrap(section(of: zsh, from: "  ('\(key)')", to: ";;"), what)
            let fishAt = "-n '__drover_at \\'\(key)\\''"
            XCTAssertEqual(words(after: "subs=\"", in: bashCase), subs, "bash subcommands of \(what)")
            XCTAssertEqual(Set(words(after: "opts=\"", in: bashCase).filter { $0.hasPrefix("--") }), Set(options), "bash options of \(what)")
            for sub in subs {
                XCTAssertTrue(zshCase.contains("'\(sub):"), "zsh lacks \(what) \(sub)")
                XCTAssertTrue(fish.contains("complete -c drover \(fishAt) -a '\(sub)'"), "fish lacks \(what) \(sub)")
            }
            for option in options {
                XCTAssertTrue(zshCase.contains("'\(option):"), "zsh lacks \(what) \(option)")
                XCTAssertTrue(fish.contains("complete -c drover \(fishAt) -l '\(option.dropFirst(2))'"), "fish lacks \(what) \(option)")
                let roff = option.replacingOccurrences(of: "-", with: "\\-")
                XCTAssertTrue(manSection.split(separator: "\n").contains { $0.hasPrefix(".B ") && ($0.hasSuffix(roff) || $0.contains(roff + " ")) },
                              "man lacks \(what) \(option)")
            }
        }
    }

    /// The other way round: zsh, fish and the man page list no command, subcommand or option
    /// that help does not (a hidden one, or one since removed), and each of help's commands once.
    func testNothingInZshFishOrTheManPageIsMissingFromHelp() throws {
        let zsh = try drover("completions", "zsh"), fish = try drover("completions", "fish"), man = try drover("man")
        var help: [String: Listing] = [:]
        for (path, subs, options) in try helpTable() {
            help[path.joined(separator: "/")] = Listing(subs: Set(subs), options: Set(options))
        }
        XCTAssertEqual(Self.zshListings(zsh), help, "zsh")
        XCTAssertEqual(Self.fishListings(fish), help, "fish")
        let sections = man.components(separatedBy: "\n.SS \"").dropFirst()
        XCTAssertEqual(sections.count, help.count, "man: one section per command help knows")
        var manOptions = Set<String>()
        for section in sections {
            for line in section.split(separator: "\n") where line.hasPrefix(".B ") {
                manOptions.formUnion(line.replacingOccurrences(of: "\\-", with: "-").split(separator: " ")
                    .map { $0.trimmingCharacters(in: .punctuationCharacters.subtracting(["-"])) }.filter { $0.hasPrefix("--") })
            }
        }
        XCTAssertEqual(manOptions, help.values.reduce(into: Set<String>()) { $0.formUnion($1.options) }, "man")
    }

    struct Listing: Equatable { var subs: Set<String> = [], options: Set<String> = [] }

    /// Each `('KEY')` case of the zsh script: the names in its `subs=(…)` and `opts=(…)`.
    static func zshListings(_ script: String) -> [String: Listing] {
        var result: [String: Listing] = [:], key: String?
        for line in script.split(separator: "\n").map(String.init) {
            if line.hasPrefix("  ('"), line.hasSuffix("')") { key = String(line.dropFirst(4).dropLast(2)); result[key!] = Listing() }
            guard let key else { continue }
            let names = matches(#"(?:\(| )'([A-Za-z0-9-]+):"#, in: line)
            if line.hasPrefix("    subs=(") { result[key]?.subs = Set(names) }
            if line.hasPrefix("    opts=(") { result[key]?.options = Set(names.filter { $0.hasPrefix("--") }) }
        }
        return result
    }

    /// Each `__drover_at 'KEY'` of the fish script: its `-a 'SUB' -d` and `-l 'LONG'` lines.
    static func fishListings(_ script: String) -> [String: Listing] {
        var result: [String: Listing] = [:]
        for line in script.split(separator: "\n").map(String.init) {
            guard let key = matches(#"^complete -c drover -n '__drover_at \\'(.*?)\\''"#, in: line).first else { continue }
            var listing = result[key] ?? Listing()
            listing.subs.formUnion(matches(#" -a '([^' (]+)' -d "#, in: line))
            listing.options.formUnion(matches(#" -l '([^']+)'"#, in: line).map { "--" + $0 })
            result[key] = listing
        }
        return result
    }

    static func matches(_ pattern: String, in line: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap {
            Range($0.range(at: 1), in: line).map { String(line[$0]) }
        }
    }

    func testBashCompletesCommandsOptionsAndRegisteredHosts() throws {
        let script = home.file("drover.bash")
        try drover("completions", "bash").write(toFile: script, atomically: true, encoding: .utf8)
        try drover("hosts", "add", "demo", "ann@127.0.0.1:2222")
        let registered = try Shell.execute("/bin/bash", ["-c", "source \(script); complete -p drover"])
        XCTAssertEqual(registered.stdout, "complete -F _drover drover\n", registered.stderr)
        func complete(_ words: String...) throws -> [String] {
            let quoted = ([DroverBinary.path] + words).map { "'\($0)'" }.joined(separator: " ")
            let run = "source \(script); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count); _drover; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try Shell.execute("/bin/bash", ["-c", run], environment: ["DROVER_HOME": home.path])
            return result.stdout.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete("att"), ["attach"])
        XCTAssertEqual(try complete("hosts", "sh"), ["show"])
        XCTAssertEqual(try complete("attach", "--ses"), ["--session"])
        XCTAssertEqual(try complete("attach", "de"), ["demo"])
        XCTAssertEqual(try complete("pins", "forget", "d"), ["demo"])
        XCTAssertEqual(try complete("attach", "--session", "d"), [], "a value is not a host")
        // Trial findings: listed values, hosts for sessions and -J, commands after help.
        XCTAssertEqual(try complete("attach", "--predict", "a"), ["auto", "always"])
        XCTAssertEqual(try complete("hosts", "edit", "demo", "--platform", ""), ["unix", "windows"])
        XCTAssertEqual(try complete("replay", "--format", "j"), ["json"])
        XCTAssertEqual(try complete("attach", "-J", "d"), ["demo"])
        XCTAssertEqual(try complete("hosts", "add", "x", "--jump", "d"), ["demo"])
        XCTAssertEqual(try complete("sessions", "d"), ["demo"])
        XCTAssertEqual(try complete("help", "at"), ["attach"])
    }

    /// The man page says drover's description once (DESCRIPTION), not again under COMMANDS.
    func testTheManPageSaysTheDescriptionOnce() throws {
        let man = try drover("man")
        let description = try XCTUnwrap(man.range(of: ".SH DESCRIPTION\n.PP\n"))
        let firstLine = String(man[description.upperBound...].prefix { $0 != "\n" })
        XCTAssertFalse(firstLine.isEmpty)
        XCTAssertEqual(man.components(separatedBy: firstLine).count, 2, "said once: \(firstLine)")
    }

    func testTheManPageRendersWithManL() throws {
        let page = home.file("drover.1")
        try drover("man").write(toFile: page, atomically: true, encoding: .utf8)
        let rendered = try Shell.execute("/usr/bin/man", ["-l", page], environment: ["MANPAGER": "cat", "MANWIDTH": "100"])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertTrue(rendered.stdout.contains("drover - attach this terminal"), rendered.stdout)
        XCTAssertTrue(rendered.stdout.contains("drover attach HOST..."), rendered.stdout)
        XCTAssertFalse(rendered.stderr.contains("warning"), rendered.stderr)
    }

    private func section(of text: String, from start: String, to end: String) -> String? {
        guard let begin = text.range(of: start + "\n") else { return nil }
        let rest = text[begin.upperBound...]
        return rest.range(of: end).map { String(rest[..<$0.upperBound]) }
    }

    private func words(after marker: String, in text: String) -> [String] {
        guard let start = text.range(of: marker) else { return [] }
        return text[start.upperBound...].prefix { $0 != "\"" }.split(separator: " ").map(String.init)
    }
}
