/// What an ssh_config `KexAlgorithms`, `HostKeyAlgorithms`, `Ciphers` or `MACs` value means for
/// Drover, for `hosts import-ssh-config` (ADR 0021). ssh's `+NAME` (and `^NAME`, or a name in a
/// whole list) of a weak algorithm becomes `--legacy-algorithms NAME`; a modern name is offered
/// anyway. Drover always offers its modern ones, so what a line removes or leaves out is not
/// followed, and a name libssh2 cannot do is not either: both are said.
public enum SSHConfigAlgorithms {
    /// The kind an ssh_config keyword (lowercase) sets; nil for any other keyword.
    public static func kind(ofKeyword keyword: String) -> AlgorithmKind? {
        switch keyword {
        case "kexalgorithms": return .keyExchange
        case "hostkeyalgorithms": return .hostKey
        case "ciphers": return .cipher
        case "macs": return .mac
        default: return nil
        }
    }

    /// The weak names `value` adds that this libssh2 can do, each once, and why the rest of
    /// the value is not followed (nil when all of it is).
    public static func read(_ value: String, kind: AlgorithmKind) -> (allow: [String], unfollowed: String?) {
        var list = Substring(value)
        var mode: Character?
        if let first = list.first, "+-^".contains(first) { mode = list.removeFirst() }
        let names = list.split(separator: ",").map { String($0.filter { $0 != " " && $0 != "\t" }).lowercased() }
            .filter { !$0.isEmpty }
        let modern = SSHAlgorithms.modern(kind)
        if mode == "-" {
            let kept = modern.filter { name in names.contains { matches(name, pattern: $0) } }
            return ([], kept.isEmpty ? nil : "Drover still offers \(kept.joined(separator: ", "))")
        }
        var allow: [String] = []
        var unknown: [String] = []
        for name in names where !modern.contains(name) {
            if SSHAlgorithms.legacyKind(of: name) == kind, SSHAlgorithms.legacyAvailable(kind).contains(name) {
                if !allow.contains(name) { allow.append(name) }
            } else if !unknown.contains(name) {
                unknown.append(name)
            }
        }
        var reasons: [String] = []
        if !unknown.isEmpty { reasons.append("\(unknown.joined(separator: ", ")) not available in Drover") }
        if mode == nil, modern.contains(where: { !names.contains($0) }) {
            reasons.append("Drover offers its other modern ones too")
        }
        if mode == "^", !allow.isEmpty { reasons.append("weak ones are offered after the modern ones, not first") }
        return (allow, reasons.isEmpty ? nil : reasons.joined(separator: "; "))
    }

    /// ssh's pattern matching for removals: `*` any run of characters, `?` any one.
    static func matches(_ name: String, pattern: String) -> Bool {
        func match(_ n: Substring, _ p: Substring) -> Bool {
            guard let first = p.first else { return n.isEmpty }
            if first == "*" { return match(n, p.dropFirst()) || (!n.isEmpty && match(n.dropFirst(), p)) }
            guard let c = n.first, first == "?" || first == c else { return false }
            return match(n.dropFirst(), p.dropFirst())
        }
        return match(Substring(name), Substring(pattern))
    }
}

