import XCTest

/// The drover binary links no Foundation on Linux (ADR 0033): every product module imports
/// FoundationEssentials there, and Foundation only in the `#else` of a
/// `#if canImport(FoundationEssentials)` (macOS, whose Foundation is the system's). One plain
/// `import Foundation` anywhere in Sources would link libFoundation, CoreFoundation and ICU
/// again and run CoreFoundation's initialiser in every process, so it fails here.
final class FoundationImportTests: XCTestCase {
    /// Modules that carry Foundation's internationalization or CoreFoundation, never imported.
    private static let neverImported: Set<String> = ["FoundationInternationalization", "_FoundationICU", "CoreFoundation",
                                                     "FoundationNetworking", "FoundationXML"]

    func testNoProductModuleImportsFoundationOutsideTheEssentialsFallback() throws {
        var checked = 0
        for file in Repository.swiftFiles(under: "Sources") {
            checked += 1
            for problem in Self.problems(inSource: try Repository.text(file)) {
                XCTFail("\(file): \(problem)")
            }
        }
        XCTAssertGreaterThan(checked, 100, "Sources/ was not found or has no Swift files")
    }

    func testTheCheckTellsTheFallbackFromAPlainImport() {
        let fallback = """
        #if canImport(FoundationEssentials)
        import FoundationEssentials
        #else
        import Foundation
        #endif
        """
        XCTAssertEqual(Self.problems(inSource: fallback), [])
        XCTAssertEqual(Self.problems(inSource: "import LibC\nimport Foundation\n").count, 1)
        XCTAssertEqual(Self.problems(inSource: "@_exported import struct Foundation.URL\n").count, 1)
        XCTAssertEqual(Self.problems(inSource: "#if canImport(Glibc)\nimport Glibc\n#else\nimport Foundation\n#endif\n").count, 1)
        XCTAssertEqual(Self.problems(inSource: "#if canImport(FoundationEssentials)\nimport Foundation\n#endif\n").count, 1)
        XCTAssertEqual(Self.problems(inSource: """
            #if canImport(FoundationEssentials)
            import FoundationEssentials
            #elseif os(Linux)
            import Foundation
            #endif
            """).count, 1)
        XCTAssertEqual(Self.problems(inSource: "import FoundationInternationalization\n").count, 1)
    }

    /// What is wrong with `text`'s Foundation imports, one line each.
    static func problems(inSource text: String) -> [String] {
        // Each open `#if`: whether it tests canImport(FoundationEssentials), and whether the
        // lines now read are its `#else`.
        var frames: [(essentials: Bool, inElse: Bool, hadElseIf: Bool)] = []
        var problems: [String] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                frames.append((line.replacingOccurrences(of: " ", with: "") == "#ifcanImport(FoundationEssentials)", false, false))
            } else if line.hasPrefix("#elseif"), !frames.isEmpty {
                frames[frames.count - 1].hadElseIf = true
            } else if line == "#else", !frames.isEmpty {
                frames[frames.count - 1].inElse = true
            } else if line.hasPrefix("#endif"), !frames.isEmpty {
                frames.removeLast()
            }
            guard raw.first != " ", raw.first != "\t" else { continue }
            for module in Repository.imports(inSource: String(raw)) {
                if neverImported.contains(module) {
                    problems.append("line \(number + 1) imports \(module), which Drover's binary must not link (ADR 0033)")
                } else if module == "Foundation" {
                    let frame = frames.last
                    if frame?.essentials != true || frame?.inElse != true || frame?.hadElseIf == true {
                        problems.append("line \(number + 1) imports Foundation; import FoundationEssentials instead, with Foundation "
                                        + "only in the #else of '#if canImport(FoundationEssentials)' (ADR 0033)")
                    }
                }
            }
        }
        return problems
    }
}
