/// Whether a name resolves to an address, asked before a bare name that neither the registry
/// nor ~/.ssh/config knows is taken as one (`drover attach bxo`, as `ssh bxo` would take it).
/// The same getaddrinfo call the connection makes, so the two cannot disagree.
public enum HostNameLookup {
    /// nil when `host` resolves; else the resolver's reason ("Name or service not known").
    public static func failure(of host: String) -> String? {
        do {
            _ = try TCPConnector.resolve(host: host, port: 22)
            return nil
        } catch let SSHError.hostNotFound(_, detail) {
            return detail
        } catch {
            return "\(error)"
        }
    }
}
