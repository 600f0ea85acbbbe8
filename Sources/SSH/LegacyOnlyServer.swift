/// A key exchange that failed because, for some kind of algorithm, the server offers nothing
/// Drover proposes: what it offers there, and the weak names that would let Drover connect
/// (the least weak of each kind that libssh2 can do), for a message that says both.
public struct LegacyOnlyServer: Sendable, Equatable, CustomStringConvertible {
    /// One kind with no algorithm in common, and the server's list for it.
    public struct Offer: Sendable, Equatable {
        public let kind: AlgorithmKind
        public let names: [String]
    }

    public let host: String
    public let port: Int
    public let offers: [Offer]
    /// What `--legacy-algorithms` must hold for this host (what it already allowed, then the
    /// new ones); empty when libssh2 can do none of the server's offers for some kind.
    public let allow: [String]
    /// How to allow `allow` for this target, with the exact command in quotes (`'drover hosts
    /// edit web --legacy-algorithms …'`), set by whoever knows how the target was named; nil
    /// where no host setting applies (pairing), and the message then names no setting.
    public var advice: String?

    /// Compares what the server offers (`ServerAlgorithmsProbe`) with what `algorithms`
    /// proposes; nil when every kind has an algorithm in common (the failure is something else).
    static func diagnose(server: [AlgorithmKind: [String]], algorithms: SSHAlgorithms,
                         host: String, port: Int) -> LegacyOnlyServer? {
        var offers: [Offer] = []
        // What the host allows already, of the names `--legacy-algorithms` would take again.
        var allow = algorithms.legacy.filter { name in
            SSHAlgorithms.legacyKind(of: name).map { SSHAlgorithms.legacyAvailable($0).contains(name) } == true
        }
        var fixable = true
        for kind in AlgorithmKind.allCases {
            guard let names = server[kind], !names.isEmpty else { continue }
            guard !algorithms.proposal(kind).contains(where: names.contains) else { continue }
            offers.append(Offer(kind: kind, names: names))
            if let pick = SSHAlgorithms.legacyAvailable(kind).first(where: names.contains) {
                allow.append(pick)
            } else {
                fixable = false
            }
        }
        if offers.isEmpty { return nil }
        return LegacyOnlyServer(host: host, port: port, offers: offers, allow: fixable ? allow : [], advice: nil)
    }

    public var description: String {
        let target = SSHEndpoint.hostAndPort(host: host, port: port)
        let offered = offers.map { "\($0.kind.label): \($0.names.joined(separator: ", "))" }.joined(separator: "; ")
        guard !allow.isEmpty else {
            let ours = offers.map { "\($0.kind.label): \(SSHAlgorithms.modern($0.kind).joined(separator: ", "))" }
            return "\(target) offers no algorithm Drover can use for \(offers.map(\.kind.label).joined(separator: ", ")) "
                + "(it offers \(offered)). Configure its sshd to offer one of Drover's (\(ours.joined(separator: "; "))); "
                + "OpenSSH's defaults do."
        }
        let weak = "\(target) offers only weak algorithms (\(offered)), which Drover does not use unless a host allows them."
        guard let advice else {
            // Not a connection a host setting applies to (pairing): modern algorithms are the only way.
            return "\(weak) Give its sshd modern ones (OpenSSH's defaults), restart it, then try again."
        }
        return "\(weak) Best: give its sshd modern ones (OpenSSH's defaults). To connect anyway, allow them for this host: \(advice)."
    }
}
