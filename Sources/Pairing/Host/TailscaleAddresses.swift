#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety
import Loop

/// The addresses a pairing code offers by default, from `tailscale status --json`: the
/// MagicDNS name, the short name, then the first 100.x address, each spelled as the herdr
/// app spells it and only if the app accepts it.
public enum TailscaleAddresses {
    /// nil when Tailscale is not installed or not running.
    public static func current() -> [String]? {
        let candidates = ["/usr/bin/tailscale", "/usr/local/bin/tailscale", "/usr/sbin/tailscale",
                          "/Applications/Tailscale.app/Contents/MacOS/Tailscale"]
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        guard let child = try? ChildProcess(tool, arguments: ["status", "--json"], environment: ProcessInfo.processInfo.environment,
                                            output: .pipe),
              let output = child.output else { return nil }
        // The document is a few KiB; one that never ends is not Tailscale's, and is not read on.
        let bytes = ChildProcess.readAll(output, limit: 16 * 1024 * 1024)
        if bytes == nil { child.terminate() }
        guard child.wait() == .exited(0), let data = bytes else { return nil }
        let addresses = parse(statusJSON: Data(data))
        return addresses.isEmpty ? nil : addresses
    }

    /// The addresses in a `tailscale status --json` document.
    public static func parse(statusJSON data: Data) -> [String] {
        guard let me = (try? JSONValue.parse(data))?.object?["Self"]?.object else { return [] }
        var out: [String] = []
        if var dns = me["DNSName"]?.string, !dns.isEmpty {
            if dns.hasSuffix(".") { dns.removeLast() }
            out.append(dns)
            if let short = dns.split(separator: ".").first.map(String.init), short != dns { out.append(short) }
        }
        if let ips = me["TailscaleIPs"]?.strings, let v4 = ips.first(where: { $0.hasPrefix("100.") }) {
            out.append(v4)
        }
        let spelled = out.map(PairingHostRules.normalized)
        return Array(spelled.filter { PairingHostRules.accepts($0, scope: .herdrApp) }.prefix(4))
    }
}
