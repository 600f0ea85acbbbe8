import Foundation

/// Every Swift file of some modules, scanned, and what only the whole says: which classes are
/// bags of stored vars with no methods anywhere (`stateBags`).
struct ModuleScan {
    let files: [(String, StoredVarScan)]
    let classes: Set<String>
    let stateBags: Set<String>

    init(modules: [String]) throws {
        var files: [(String, StoredVarScan)] = []
        for module in modules {
            for file in Repository.swiftFiles(under: module) { files.append((file, StoredVarScan(source: try Repository.text(file)))) }
        }
        self.files = files
        let classes = files.reduce(into: Set<String>()) { $0.formUnion($1.1.classes) }
        let withFuncs = files.reduce(into: Set<String>()) { $0.formUnion($1.1.typesWithFuncs) }
        let withVars = files.reduce(into: Set<String>()) { $0.formUnion($1.1.instanceVars.keys) }
        self.classes = classes
        stateBags = classes.intersection(withVars).subtracting(withFuncs)
    }

    /// Typed properties per owner, across files.
    var properties: [String: [(name: String, type: String)]] {
        files.reduce(into: [:]) { all, file in
            for (owner, list) in file.1.properties { all[owner, default: []] += list }
        }
    }
}

/// Stored `var`s per type in one Swift file, read as text: comments and string contents are
/// dropped, braces are counted, and a `var` directly inside a type's (or extension's) body is
/// stored unless a getter body follows it (`{` with no `=` before it and no `didSet`/`willSet`).
struct StoredVarScan {
    private(set) var instanceVars: [String: [String]] = [:]
    private(set) var sharedVars: [String] = []
    /// `static let`s and file-level `let`s: the type they are made of (or declared as), and
    /// whether they are `nonisolated(unsafe)`.
    private(set) var sharedLets: [(name: String, type: String?, unsafe: Bool)] = []
    /// Instance properties (`let` or `var`) with the type named in their declaration.
    private(set) var properties: [String: [(name: String, type: String)]] = [:]
    private(set) var classes: Set<String> = []
    /// Types with a method in their body or an extension's (in this file).
    private(set) var typesWithFuncs: Set<String> = []

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
                if Self.isClass(line) { classes.insert(pendingType ?? declared) }
            }
            if let type = enclosing, line.range(of: #"(^|\s)func\s"#, options: .regularExpression) != nil {
                typesWithFuncs.insert(type)
            }
            if let (name, isStatic, unsafe, type) = Self.storedLet(in: line), enclosing != nil || atTopLevel {
                if isStatic || atTopLevel {
                    sharedLets.append((enclosing.map { "\($0).\(name)" } ?? name, type, unsafe))
                } else if let owner = enclosing, let type {
                    properties[owner, default: []].append((name, type))
                }
            }
            if let owner = enclosing, let (name, isStatic) = Self.storedVar(in: line, next: next), !isStatic,
               let type = Self.namedType(after: name, in: line) {
                properties[owner, default: []].append((name, type))
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
                    let code = part.trimmingCharacters(in: .whitespaces)
                    if let (name, isStatic, unsafe, letType) = Self.storedLet(in: code), isStatic {
                        sharedLets.append(("\(type).\(name)", letType, unsafe))
                    }
                    guard let (name, isStatic) = Self.storedVar(in: code, next: "") else { continue }
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

    private static let letDeclaration = try! NSRegularExpression(
        pattern: #"^(?:@\w+(?:\([^)]*\))?\s+)*((?:(?:public|private|fileprivate|internal|package|open)\s+|static\s+|final\s+|nonisolated(?:\(unsafe\))?\s+)*)let\s+([A-Za-z_]\w*)"#)

    private static func isClass(_ line: String) -> Bool {
        line.range(of: #"(^|\s)class\s+[A-Za-z_]"#, options: .regularExpression) != nil
    }

    /// A `let` the line declares: its name, whether static or `nonisolated(unsafe)`, and the
    /// type named in it (annotation, or the initializer's first name).
    private static func storedLet(in line: String) -> (String, Bool, Bool, String?)? {
        let range = NSRange(line.startIndex..., in: line)
        guard let match = letDeclaration.firstMatch(in: line, range: range),
              let modifiers = Range(match.range(at: 1), in: line),
              let name = Range(match.range(at: 2), in: line) else { return nil }
        let words = line[modifiers].split(separator: " ")
        return (String(line[name]), words.contains("static"), words.contains("nonisolated(unsafe)"),
                namedType(after: String(line[name]), in: line))
    }

    /// The type a declaration of `name` names: `name: Type`, `name = Type(` or `name = Type.`.
    private static func namedType(after name: String, in line: String) -> String? {
        let pattern = "\\b" + name + #"\s*(?::\s*|=\s*)([A-Z]\w*)"#
        guard let found = line.range(of: pattern, options: .regularExpression) else { return nil }
        let text = line[found]
        guard let start = text.firstIndex(where: { $0 == ":" || $0 == "=" }) else { return nil }
        let type = text[text.index(after: start)...].trimmingCharacters(in: .whitespaces)
        return type.isEmpty ? nil : type
    }

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
