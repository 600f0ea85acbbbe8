import XCTest

/// Package.swift tells the truth: each target declares exactly the package modules its files
/// import. An undeclared import may still build (SwiftPM finds modules that arrive through
/// another dependency), and a declared dependency nobody imports links for nothing and
/// misstates the layering, so both directions fail here.
final class ManifestImportTests: XCTestCase {
    private func manifest() throws -> PackageManifest {
        try PackageManifest(text: Repository.text("Package.swift"))
    }

    func testTheManifestIsRead() throws {
        let targets = try manifest().targets
        let names = Set(targets.map(\.name))
        XCTAssertEqual(names.count, targets.count, "a target name appears twice in Package.swift")
        for expected in ["LibC", "VT", "QR", "DroverCLI", "drover", "TestSupport", "ManifestTests"] {
            XCTAssertTrue(names.contains(expected), "Package.swift: \(expected) was not found; is the manifest still regular?")
        }
        XCTAssertEqual(targets.first { $0.name == "TestSupport" }?.path, "Tests/TestSupport")
    }

    func testEveryModuleDirectoryIsATarget() throws {
        let paths = Set(try manifest().targets.map(\.path))
        for directory in Repository.directories(in: "Sources") {
            XCTAssertTrue(paths.contains("Sources/\(directory)"), "Sources/\(directory) is not a target in Package.swift")
        }
        for directory in Repository.directories(in: "Tests") where directory.hasSuffix("Tests") || directory == "TestSupport" {
            XCTAssertTrue(paths.contains("Tests/\(directory)"), "Tests/\(directory) is not a target in Package.swift")
        }
    }

    func testImportsMatchDeclaredDependencies() throws {
        let targets = try manifest().targets
        let packageModules = Set(targets.map(\.name))
        for target in targets where target.kind != "systemLibrary" {
            var imported: [String: String] = [:]  // module → first file importing it
            for file in Repository.swiftFiles(under: target.path) {
                for module in Repository.imports(inSource: try Repository.text(file)).sorted()
                where packageModules.contains(module) && imported[module] == nil {
                    imported[module] = file
                }
            }
            let declared = Set(target.dependencies)
            for (module, file) in imported.sorted(by: { $0.key < $1.key }) where !declared.contains(module) {
                XCTFail("\(file) imports \(module), but Package.swift does not list it in \(target.name)'s dependencies: add \"\(module)\" there")
            }
            for module in declared.subtracting(imported.keys).sorted() {
                XCTFail("Package.swift lists \(module) in \(target.name)'s dependencies, but no file of \(target.path) imports it: remove it")
            }
        }
    }

    func testImportLinesAreFoundWhereverTheyStand() {
        let source = """
        #if canImport(Glibc)
        import Glibc
        #endif
        @testable import Pairing
        @_exported import struct Files.AtomicFile
        import QR // the codes
        let script = \"\"\"
            import os, sys
            \"\"\"
        """
        XCTAssertEqual(Repository.imports(inSource: source), ["Glibc", "Pairing", "Files", "QR"])
    }

    func testDependencyListsThatAreNotPlainNamesAreRefused() {
        let text = """
        .target(name: "A", dependencies: [.product(name: "B", package: "c")]),
        """
        XCTAssertThrowsError(try PackageManifest(text: text))
        let plain = try? PackageManifest(text: ".target(name: \"A\", dependencies: [\"B\", \"C\"], path: \"Src/A\"),")
        XCTAssertEqual(plain?.targets, [.init(kind: "target", name: "A", path: "Src/A", dependencies: ["B", "C"], brewFormulae: [])])
    }
}
