import Foundation

/// The checkout these tests were compiled from, found from this file's own path, and its Swift
/// files read as text (the tests look at the source, not at the built program).
enum Repository {
    /// `<root>/Tests/ManifestTests/Repository.swift` → `<root>`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// Every `.swift` file under `relativeDirectory`, as paths relative to the root, sorted.
    static func swiftFiles(under relativeDirectory: String) -> [String] {
        let base = root.appendingPathComponent(relativeDirectory)
        guard let walk = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walk.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
            .map { relativeDirectory + "/" + $0 }
            .sorted()
    }

    /// The names of the directories directly inside `relativeDirectory`.
    static func directories(in relativeDirectory: String) -> [String] {
        let base = root.appendingPathComponent(relativeDirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: base.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    /// The modules a Swift file imports: top-level `import` lines (column 0, with any
    /// attributes such as `@testable`), whatever `#if` they stand in. Indented text, such as a
    /// script inside a string literal, is not an import.
    static func imports(inSource text: String) -> Set<String> {
        var modules: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
            guard line.first != " ", line.first != "\t" else { continue }
            while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            words = words.dropFirst()
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            if let kind = words.first, kinds.contains(kind), words.count >= 2 { words = words.dropFirst() }
            let name = words.first!.split(separator: ".").first.map(String.init) ?? ""
            if !name.isEmpty { modules.insert(name) }
        }
        return modules
    }
}
