import Foundation
import XCTest

/// No macOS machine builds Drover here, so this is what keeps it portable: outside the `LibC`
/// shim no file names a particular C library, and no source file uses a name that exists on
/// only one system. Each rule says what to use instead.
final class PortabilityTests: XCTestCase {
    /// Names (as regular expressions) that only one C library has, and the portable way.
    static let platformOnlyNames: [(pattern: String, instead: String)] = [
        (#"\bSOCK_CLOEXEC\b"#, "socketClosedOnExec(family:type:protocol:) from LibC"),
        (#"\bMSG_NOSIGNAL\b"#, "sendWithoutSignal from LibC"),
        (#"\bSO_NOSIGPIPE\b"#, "sendWithoutSignal from LibC"),
        (#"\bSOCK_[A-Z]+\.rawValue\b"#, "streamSocketType from LibC"),
        (#"/proc/"#, "a portable call (LibC's currentExecutablePath for the program's own path)"),
        (#"_NSGetExecutablePath"#, "LibC's currentExecutablePath"),
        (#"\b__sig(action_handler|action_u)\b|\b__sa_handler\b"#, "sigaction's handler property from LibC"),
        (#"\bst_[amc]tim(espec)?\b"#, "stat's modificationSeconds from LibC (add a sibling there if needed)"),
        (#"\b(epoll|inotify|signalfd|eventfd|timerfd)_\w+"#, "poll(2), as Loop's EventLoop does"),
        (#"\b(pipe2|accept4|getrandom|prctl|sendfile)\("#, "a POSIX call, or a wrapper in LibC"),
        (#"\b(SOL_TCP|TCP_KEEPIDLE|O_PATH|O_TMPFILE)\b"#, "the POSIX name, or a wrapper in LibC"),
    ]

    /// Only the shim may name a C library, whether by import, `#if` or qualified call.
    static let libraryNames: [(pattern: String, instead: String)] = [
        (#"^(@\w+ +)*import +(Glibc|Darwin|Musl)\b"#, "import LibC"),
        (#"canImport\((Glibc|Darwin|Musl)\)|\bos\((Linux|macOS)\)"#, "a wrapper in Sources/LibC"),
        (#"\b(Glibc|Darwin|Musl)\.\w+"#, "LibC.<name>"),
    ]

    func testOnlyTheShimNamesACLibrary() throws {
        var files = Repository.swiftFiles(under: "Sources") + Repository.swiftFiles(under: "Tests")
        files.removeAll { $0.hasPrefix("Sources/LibC/") || $0.hasPrefix("Tests/ManifestTests/") }
        XCTAssertGreaterThan(files.count, 100)
        for file in files {
            for finding in Self.findings(in: try Repository.text(file), rules: Self.libraryNames) {
                XCTFail("\(file):\(finding.line): \(finding.text) — use \(finding.instead)")
            }
        }
    }

    /// Shell text Drover sends to run on a host, which tests for each system's names itself
    /// (the sshd fence reads /proc/PID/stat where there is one, else `ps`): the rule it may break.
    static let remoteShellText: [String: String] = ["Sources/Hosts/SSHDFence.swift": #"/proc/"#]

    func testSourcesUseNoPlatformOnlyNames() throws {
        let files = Repository.swiftFiles(under: "Sources").filter { !$0.hasPrefix("Sources/LibC/") }
        XCTAssertGreaterThan(files.count, 100)
        for file in files {
            let rules = Self.platformOnlyNames.filter { $0.pattern != Self.remoteShellText[file] }
            for finding in Self.findings(in: try Repository.text(file), rules: rules) {
                XCTFail("\(file):\(finding.line): \(finding.text) is not portable — use \(finding.instead)")
            }
        }
    }

    func testTheScanCatchesWhatTheOldCodeDid() {
        let old = """
        #if canImport(Glibc)
        import Glibc
        #endif
        // A comment may say MSG_NOSIGNAL.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let n = Glibc.write(fd, p, c)
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        action.__sigaction_handler.sa_handler = SIG_IGN
        """
        let library = Self.findings(in: old, rules: Self.libraryNames).map(\.line)
        XCTAssertEqual(library, [1, 2, 6])
        let names = Self.findings(in: old, rules: Self.platformOnlyNames).map(\.line)
        XCTAssertEqual(names, [5, 5, 7, 8])
    }

    /// Every system library can be installed with Homebrew, and scripts/bootstrap installs it.
    func testEverySystemLibraryHasAHomebrewProviderThatBootstrapInstalls() throws {
        let formulaCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "@._+-"))
        let words = Set(try Repository.text("scripts/bootstrap").components(separatedBy: formulaCharacters.inverted))
        let libraries = try PackageManifest(text: Repository.text("Package.swift")).targets.filter { $0.kind == "systemLibrary" }
        XCTAssertFalse(libraries.isEmpty)
        for library in libraries {
            XCTAssertFalse(library.brewFormulae.isEmpty, "\(library.name) has no .brew([…]) provider in Package.swift")
            for formula in library.brewFormulae {
                XCTAssertTrue(words.contains(formula), "scripts/bootstrap does not install the Homebrew formula \(formula) (\(library.name))")
            }
        }
    }

    struct Finding: Equatable {
        let line: Int
        let text: String
        let instead: String
    }

    /// The lines (1-based, comment lines skipped) where a rule's pattern matches, once per rule.
    static func findings(in text: String, rules: [(pattern: String, instead: String)]) -> [Finding] {
        let compiled = rules.map { (try! NSRegularExpression(pattern: $0.pattern, options: [.anchorsMatchLines]), $0.instead) }
        var found: [Finding] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") { continue }
            let string = String(line)
            let range = NSRange(string.startIndex..., in: string)
            for (expression, instead) in compiled {
                guard let match = expression.firstMatch(in: string, range: range),
                      let matched = Range(match.range, in: string) else { continue }
                found.append(Finding(line: number + 1, text: String(string[matched]), instead: instead))
            }
        }
        return found
    }
}
