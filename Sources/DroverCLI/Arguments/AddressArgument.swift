import Files
import Hosts

/// `[user@]host[:port]` as typed on the command line (IPv6 as `[addr]:port`, or bare without a
/// port); the parts not typed are nil, so a caller can tell them from defaults.
struct AddressArgument: Equatable {
    var user: String?
    var host: String
    var port: Int?

    static func parse(_ raw: String) throws -> AddressArgument {
        var user: String?
        var rest = Substring(raw)
        if let at = raw.lastIndex(of: "@") {
            user = String(raw[..<at])
            rest = raw[raw.index(after: at)...]
            guard user?.isEmpty == false else { throw UsageError("'\(raw)' has no user name before '@'") }
        }
        var host = String(rest), portText: String?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw UsageError("'\(raw)' is missing its closing ']'") }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw UsageError("expected ':PORT' after ']' in '\(raw)'") }
                portText = String(after.dropFirst())
            }
        } else if rest.filter({ $0 == ":" }).count == 1, let colon = rest.firstIndex(of: ":") {
            host = String(rest[..<colon])
            portText = String(rest[rest.index(after: colon)...])
        }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else { throw UsageError("'\(raw)' has no host name") }
        guard let portText else { return AddressArgument(user: user, host: host, port: nil) }
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw UsageError("the port in '\(raw)' must be a number from 1 to 65535")
        }
        return AddressArgument(user: user, host: host, port: port)
    }
}

/// The argument of `pins forget`: a registry name, or HOST[:PORT] without a user.
enum PinTarget {
    /// `host`, `host:port`, `[v6]:port`, `[v6]` or a bare IPv6 address (port 22).
    static func parse(_ raw: String) throws -> (host: String, port: Int) {
        guard !raw.contains("@") else {
            throw UsageError("pins belong to a host, not a user: give '\(raw.split(separator: "@").last ?? "")' without the user")
        }
        let address = try AddressArgument.parse(raw)
        return (address.host, address.port ?? 22)
    }

    /// A registry name first (its address and port, and the name to report), else `parse`.
    /// An unreadable registry does not stop forgetting a pin given by address.
    static func resolve(_ raw: String, root: DroverRoot) throws -> (host: String, port: Int, entry: String?) {
        do {
            if let host = try HostStore(root: root).load().named(raw) { return (host.hostname, host.port, host.name) }
        } catch {
            guard let address = try? parse(raw) else { throw error }
            return (address.host, address.port, nil)
        }
        let address = try parse(raw)
        return (address.host, address.port, nil)
    }
}
