import Foundation
import XCTest

/// The attach wing's parts stay small (issue 25): no type in Sessions or Console holds more than
/// `limit` stored mutable properties, counted across every file that declares or extends it, and
/// no file there keeps mutable state outside an instance (a `static var` or a file-level `var`
/// is state an `+Extension` file could add to its object by another name).
final class StoredStateTests: XCTestCase {
    static let limit = 8
    static let modules = ["Sources/Sessions", "Sources/Console"]

    func testNoTypeInTheAttachWingHoldsMoreThanEightStoredVars() throws {
        var counts: [String: [String]] = [:]
        var files = 0
        for module in Self.modules {
            for file in Repository.swiftFiles(under: module) {
                files += 1
                let scan = StoredVarScan(source: try Repository.text(file))
                for (type, names) in scan.instanceVars { counts[type, default: []] += names }
                for name in scan.sharedVars {
                    XCTFail("\(file): \(name) is mutable state outside an instance — make it a stored property of the type that owns it")
                }
            }
        }
        XCTAssertGreaterThan(files, 80)
        XCTAssertNotNil(counts["AttachRun"], "the scan found the run's state")
        for (type, names) in counts.sorted(by: { $0.key < $1.key }) where names.count > Self.limit {
            XCTFail("\(type) holds \(names.count) stored vars (\(names.joined(separator: ", "))); at most \(Self.limit) — "
                    + "move a purpose's state into a small type of its own")
        }
    }

    /// The scan itself: what counts as stored, what does not, and which type it belongs to.
    func testTheScanCountsStoredVarsOnly() {
        let source = """
        final class Driver {
            let fixed = 1
            private(set) var state = State()   // stored
            weak var delegate: Delegate?
            lazy var cache = Cache { "{" }
            var history: View? {
                didSet { redraw() }
            }
            var computed: Int { 3 }
            var other: Int {
                get { 1 }
                set { var local = newValue; _ = local }
            }
            static let shared = 0
            init() { var counter = 0; counter += 1 }
            struct Inner { var a = 0; var b: Int }
        }
        extension Driver {
            var more: Bool { true }
            func go() {
                var local = 0
                local += 1
            }
        }
        enum Bag { static var items: [Int] = [] }
        var global = 0
        """
        let scan = StoredVarScan(source: source)
        XCTAssertEqual(scan.instanceVars["Driver"], ["state", "delegate", "cache", "history"])
        XCTAssertEqual(scan.instanceVars["Driver.Inner"], ["a", "b"])
        XCTAssertEqual(scan.sharedVars, ["Bag.items", "global"])
    }
}

/// Stored `var`s per type in one Swift file, read as text: comments and string contents are
/// dropped, braces are counted, and a `var` directly inside a type's (or extension's) body is
/// stored unless a getter body follows it (`{` with no `=` before it and no `didSet`/`willSet`).
struct StoredVarScan {
    private(set) var instanceVars: [String: [String]] = [:]
    private(set) var sharedVars: [String] = []

    init(source: String) {
        var scopes: [String?] = []   // the type whose body each open brace starts, else nil
        var pendingType: String?
        var inMultilineString = false
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        for (index, rawLine) in lines.enumerated() {
            // A multi-line string's lines are text, not code.
            if rawLine.components(separatedBy: "\"\"\"").count % 2 == 0 {
                inMultilineString.toggle()
                if !inMultilineString { continue }
            }
            if inMultilineString { continue }
            let line = Self.code(of: rawLine)
            let next = lines.dropFirst(index + 1).first.map { Self.code(of: $0) } ?? ""
            let enclosing = scopes.last ?? nil
            let atTopLevel = scopes.isEmpty
            if let declared = Self.declaredType(in: line) {
                pendingType = enclosing.map { "\($0).\(declared)" } ?? declared
                if line.hasPrefix("extension") || line.contains(" extension ") { pendingType = declared }
            }
            if let (name, isStatic) = Self.storedVar(in: line, next: next), enclosing != nil || atTopLevel {
                if isStatic || atTopLevel {
                    sharedVars.append(enclosing.map { "\($0).\(name)" } ?? name)
                } else if let type = enclosing {
                    instanceVars[type, default: []].append(name)
                }
            }
            for character in line {
                if character == "{" {
                    scopes.append(pendingType)
                    pendingType = nil
                } else if character == "}" {
                    _ = scopes.popLast()
                }
            }
            // Several one-line declarations (`struct Inner { var a = 0; var b: Int }`).
            if let open = line.firstIndex(of: "{"), Self.declaredType(in: line) != nil,
               let type = Self.qualified(Self.declaredType(in: line)!, in: enclosing), line.hasSuffix("}") {
                let body = line[line.index(after: open)..<line.index(before: line.endIndex)]
                for part in body.split(separator: ";") {
                    guard let (name, isStatic) = Self.storedVar(in: part.trimmingCharacters(in: .whitespaces), next: "")
                    else { continue }
                    if isStatic { sharedVars.append("\(type).\(name)") } else { instanceVars[type, default: []].append(name) }
                }
            }
        }
    }

    private static func qualified(_ name: String, in enclosing: String?) -> String? {
        enclosing.map { "\($0).\(name)" } ?? name
    }

    /// The line without its comment and the contents of its string literals.
    private static func code(of line: String) -> String {
        var out = ""
        var inString = false
        var escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" {
                    inString = false
                    out.append(character)
                }
                continue
            }
            if character == "/" && previous == "/" { out.removeLast(); break }
            if character == "\"" { inString = true }
            out.append(character)
            previous = character
        }
        return out.trimmingCharacters(in: .whitespaces)
    }

    private static let typeDeclaration = try! NSRegularExpression(
        pattern: #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|final|indirect)\s+)*(?:class|struct|enum|actor|extension)\s+([A-Za-z_][\w.]*)"#)
    private static let varDeclaration = try! NSRegularExpression(
        pattern: #"^(?:@\w+(?:\([^)]*\))?\s+)*((?:(?:public|private|fileprivate|internal|package|open)(?:\(set\))?\s+|weak\s+|unowned(?:\(\w+\))?\s+|lazy\s+|static\s+|class\s+|final\s+|override\s+|nonisolated(?:\(unsafe\))?\s+)*)var\s+([A-Za-z_]\w*)"#)

    private static func declaredType(in line: String) -> String? {
        let range = NSRange(line.startIndex..., in: line)
        guard let match = typeDeclaration.firstMatch(in: line, range: range),
              let name = Range(match.range(at: 1), in: line),
              !["func", "var", "let"].contains(line[name]) else { return nil }
        return String(line[name])
    }

    /// The name of the var `line` declares and whether it is static, when it is stored (`next`:
    /// the following line, where a `didSet` may stand).
    private static func storedVar(in line: String, next: String) -> (String, Bool)? {
        let range = NSRange(line.startIndex..., in: line)
        guard let match = varDeclaration.firstMatch(in: line, range: range),
              let modifiers = Range(match.range(at: 1), in: line),
              let name = Range(match.range(at: 2), in: line) else { return nil }
        let rest = line[name.upperBound...]
        if let brace = rest.firstIndex(of: "{") {
            let before = rest[..<brace]
            let after = rest[brace...] + (rest.hasSuffix("{") ? next : "")
            let assigned = before.contains("=")
            let observed = after.contains("didSet") || after.contains("willSet")
            if !assigned && !observed { return nil }
        }
        let words = line[modifiers].split(separator: " ")
        return (String(line[name]), words.contains("static") || words.contains("class"))
    }
}
