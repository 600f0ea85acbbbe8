/// A `--legacy-algorithms NAME[,NAME...]` value, checked: each name must be a weak algorithm
/// the loaded libssh2 can negotiate (a modern one is proposed anyway; anything else could
/// never be used), so a typo is an error now, not a failed connection later.
public enum LegacyAlgorithmList {
    public enum Problem: Error, CustomStringConvertible, Equatable, Sendable {
        case empty
        /// A name Drover proposes to every host already.
        case alreadyOffered(String)
        /// A name that is no weak algorithm this libssh2 can do.
        case unknown(String)

        public var description: String {
            switch self {
            case .empty:
                return "--legacy-algorithms needs names separated by commas, e.g. --legacy-algorithms aes128-cbc,hmac-sha1. "
                    + LegacyAlgorithmList.availableText
            case .alreadyOffered(let name):
                return "--legacy-algorithms: \(name) is not weak; Drover offers it to every host already. "
                    + LegacyAlgorithmList.availableText
            case .unknown(let name):
                return "--legacy-algorithms: '\(name)' is not a weak algorithm libssh2 \(VersionNumber.libssh2) can use. "
                    + LegacyAlgorithmList.availableText
            }
        }
    }

    /// The names of `text` (comma separated, spaces ignored, each once, in the order given).
    public static func parse(_ text: String) throws(Problem) -> [String] {
        var names: [String] = []
        for part in text.split(separator: ",") {
            let name = String(part.filter { $0 != " " && $0 != "\t" }).lowercased()
            guard !name.isEmpty else { continue }
            if AlgorithmKind.allCases.contains(where: { SSHAlgorithms.modern($0).contains(name) }) {
                throw .alreadyOffered(name)
            }
            guard let kind = SSHAlgorithms.legacyKind(of: name), SSHAlgorithms.legacyAvailable(kind).contains(name) else {
                throw .unknown(name)
            }
            if !names.contains(name) { names.append(name) }
        }
        if names.isEmpty { throw .empty }
        return names
    }

    /// "It may allow: key exchange: …; host keys: …; ciphers: …; MACs: …."
    public static var availableText: String {
        let kinds = AlgorithmKind.allCases.compactMap { kind -> String? in
            let names = SSHAlgorithms.legacyAvailable(kind)
            return names.isEmpty ? nil : "\(kind.label): \(names.joined(separator: ", "))"
        }
        return "The weak algorithms a host may allow: " + kinds.joined(separator: "; ") + "."
    }
}

