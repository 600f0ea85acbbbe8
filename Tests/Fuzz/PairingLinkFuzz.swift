// libFuzzer target for the herdr://pair link parser. Built by `scripts/fuzz pairing`, not by
// SwiftPM (Tests/Fuzz is outside every target). Properties checked on every input:
// parsing never crashes; a link that parses formats back to text that parses to the same
// value (under the herdr app's host rules and under --not-for-herdr-app's wider ones, which
// accept everything the app's accept); an accepted host is its own normalized spelling; escaping any text
// and reading it back gives the text again; a formatted link never makes the app read its %
// signs literally.
import Foundation

private let fuzzClock = Date(timeIntervalSince1970: 1_800_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func pairingLinkFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)

    if let link = try? PairingLinkParser.parse(text) {
        let formatted = link.format()
        // What Drover writes is escaped already: the app decodes its escapes and counts its bytes.
        guard !PairingLinkURL.percentIsLiteral(in: Array(formatted.utf8)[...]) else {
            FileHandle.standardError.write(Data("a formatted link would be read with literal %: \(formatted)\n".utf8))
            abort()
        }
        guard let again = try? PairingLinkParser.parse(formatted), again == link else {
            FileHandle.standardError.write(Data("round trip failed for: \(formatted)\n".utf8))
            abort()
        }
        _ = try? link.checkFreshness(now: fuzzClock)
        guard (try? PairingLinkParser.parse(text, hosts: .beyondTailnet)) == link else {
            FileHandle.standardError.write(Data("the wider host rule refused a link the app's rule accepts\n".utf8))
            abort()
        }
    }
    if let wide = try? PairingLinkParser.parse(text, hosts: .beyondTailnet),
       (try? PairingLinkParser.parse(wide.format(), hosts: .beyondTailnet)) != wide {
        FileHandle.standardError.write(Data("round trip failed under the wider host rule\n".utf8))
        abort()
    }
    let host = PairingHostRules.normalized(text)
    guard !PairingHostRules.accepts(host, scope: .beyondTailnet) || PairingHostRules.normalized(host) == host else {
        FileHandle.standardError.write(Data("an accepted host changes when normalized again\n".utf8))
        abort()
    }
    _ = PairingHostRules.problem(with: host, scope: .herdrApp)

    let escaped = QueryEscaping.escape(text)
    guard (try? QueryEscaping.unescape(Array(escaped.utf8))) == text else {
        FileHandle.standardError.write(Data("escape round trip failed\n".utf8))
        abort()
    }
    _ = try? QueryEscaping.unescape(Array(bytes))
    _ = Base64URL.decode(text)
    _ = PeerAddressPolicy.network(of: text)
    return 0
}
