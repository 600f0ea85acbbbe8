import Foundation

/// The targets `Package.swift` declares, read as text. The manifest is kept regular (one
/// `.target(…)`-style call per target, dependencies as plain strings), and `read` refuses
/// anything it cannot follow rather than guess.
struct PackageManifest {
    struct Target: Equatable {
        let kind: String
        let name: String
        let path: String
        let dependencies: [String]
        let brewFormulae: [String]
    }

    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    let targets: [Target]

    init(text: String) throws {
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> Substring in
                guard let comment = line.range(of: "//") else { return line }
                return line[..<comment.lowerBound]
            }
            .joined(separator: "\n")
        let characters = Array(code)
        var found: [Target] = []
        var index = 0
        let kinds = ["systemLibrary", "executableTarget", "testTarget", "target"]
        while index < characters.count {
            guard characters[index] == ".",
                  let kind = kinds.first(where: { Self.matches(characters, at: index + 1, word: $0 + "(") }) else {
                index += 1
                continue
            }
            let open = index + 1 + kind.count
            let close = try Self.closing(characters, from: open)
            found.append(try Self.target(kind: kind, body: String(characters[(open + 1)..<close])))
            index = close + 1
        }
        targets = found
    }

    private static func matches(_ characters: [Character], at index: Int, word: String) -> Bool {
        let word = Array(word)
        return index + word.count <= characters.count && Array(characters[index..<(index + word.count)]) == word
    }

    /// The index of the bracket closing the one at `open`, skipping string literals.
    private static func closing(_ characters: [Character], from open: Int) throws -> Int {
        var depth = 0
        var inString = false
        for i in open..<characters.count {
            let c = characters[i]
            if c == "\"" { inString.toggle(); continue }
            if inString { continue }
            if c == "(" || c == "[" { depth += 1 }
            if c == ")" || c == "]" { depth -= 1 }
            if depth == 0 { return i }
        }
        throw Unreadable(description: "Package.swift: a bracket opened at character \(open) never closes")
    }

    private static func target(kind: String, body: String) throws -> Target {
        guard let name = stringArgument("name", in: body) else {
            throw Unreadable(description: "Package.swift: a .\(kind)( without a plain name: \"…\" argument")
        }
        let defaultPath = kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)"
        return Target(kind: kind, name: name, path: stringArgument("path", in: body) ?? defaultPath,
                      dependencies: try stringList("dependencies: [", in: body, target: name),
                      brewFormulae: try stringList(".brew([", in: body, target: name))
    }

    private static func stringArgument(_ label: String, in body: String) -> String? {
        guard let start = body.range(of: label + ": \"") else { return nil }
        let rest = body[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// The strings of the list that starts with `opening`; only string literals may be in it.
    private static func stringList(_ opening: String, in body: String, target: String) throws -> [String] {
        guard let start = body.range(of: opening) else { return [] }
        let rest = body[start.upperBound...]
        guard let end = rest.firstIndex(of: "]") else {
            throw Unreadable(description: "Package.swift: \(target)'s \(opening)… list never closes")
        }
        let parts = rest[..<end].split(separator: "\"", omittingEmptySubsequences: false)
        var strings: [String] = []
        for (i, part) in parts.enumerated() {
            if i % 2 == 1 { strings.append(String(part)); continue }
            guard part.allSatisfy({ $0 == "," || $0.isWhitespace }) else {
                throw Unreadable(description: "Package.swift: \(target)'s \(opening)… list holds \(part.trimmingCharacters(in: .whitespacesAndNewlines)); "
                                 + "write dependencies as plain target names so this test can read them")
            }
        }
        return strings
    }
}
