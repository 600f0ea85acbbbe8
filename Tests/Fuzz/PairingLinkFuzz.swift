// libFuzzer target for the herdr://pair link parser. Built by `scripts/fuzz pairing`, not by
// SwiftPM (Tests/Fuzz is outside every target). Properties checked on every input:
// parsing never crashes; a link that parses formats back to text that parses to the same
// value (under the herdr app's host rules and under --not-for-herdr-app's wider ones, which
// accept everything the app's accept); an accepted host is its own normalized spelling; escaping any text
// and reading it back gives the text again; a formatted link never makes the app read its %
// signs literally. `drover pair -`'s read of standard input (StandardInputLine) gets the input
// repeated up to 64 times through a pipe (so well past its 64 KiB bound, under the target's
// 512 MiB RSS limit): it returns at most the bound's bytes, or refuses the line, and what it
// returns goes through the parser too.
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
    checkStandardInputLine(Array(bytes))
    return 0
}

/// Byte 0 says how many times (1 to 64) the input is written into a pipe that the bounded
/// line reader reads from, as `pair -` reads its standard input.
private func checkStandardInputLine(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let copies = Int(first % 64) + 1
    signal(SIGPIPE, SIG_IGN)   // the writer learns the reader stopped from EPIPE, as a pipe into `pair -` would
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { abort() }
    let writeEnd = fds[1]   // a constant for the writer thread (a captured var would be shared)
    let writer = Thread {
        for _ in 0..<copies {
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                if n <= 0 { break }   // the reader closed its end: the rest was not wanted
                offset += n
            }
        }
        close(writeEnd)
    }
    writer.start()
    do {
        if let line = try StandardInputLine.next(descriptor: fds[0]) {
            guard line.utf8.count <= StandardInputLine.limit * 3 else {   // U+FFFD is 3 bytes per bad byte
                FileHandle.standardError.write(Data("a line of \(line.utf8.count) bytes passed the bound\n".utf8))
                abort()
            }
            _ = try? PairingLinkParser.parse(line)
        }
    } catch is InputLineTooLong {
        // Refused past the bound, as it should be.
    } catch {
        FileHandle.standardError.write(Data("an unexpected error: \(error)\n".utf8))
        abort()
    }
    close(fds[0])
    while !writer.isFinished { usleep(100) }
}
