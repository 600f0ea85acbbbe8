import Foundation

/// The addresses a pairing code offers by default, from `tailscale status --json`: the
/// MagicDNS name, the short name, then the first 100.x address, each spelled as the herdr
/// app spells it and only if the app accepts it.
public enum TailscaleAddresses {
    /// nil when Tailscale is not installed or not running.
    public static func current() -> [String]? {
        let candidates = ["/usr/bin/tailscale", "/usr/local/bin/tailscale", "/usr/sbin/tailscale",
                          "/Applications/Tailscale.app/Contents/MacOS/Tailscale"]
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["status", "--json"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let addresses = parse(statusJSON: data)
        return addresses.isEmpty ? nil : addresses
    }

    /// The addresses in a `tailscale status --json` document.
    public static func parse(statusJSON data: Data) -> [String] {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let me = root["Self"] as? [String: Any] else { return [] }
        var out: [String] = []
        if var dns = me["DNSName"] as? String, !dns.isEmpty {
            if dns.hasSuffix(".") { dns.removeLast() }
            out.append(dns)
            if let short = dns.split(separator: ".").first.map(String.init), short != dns { out.append(short) }
        }
        if let ips = me["TailscaleIPs"] as? [String], let v4 = ips.first(where: { $0.hasPrefix("100.") }) {
            out.append(v4)
        }
        let spelled = out.map(PairingHostRules.normalized)
        return Array(spelled.filter { PairingHostRules.accepts($0, scope: .herdrApp) }.prefix(4))
    }
}
