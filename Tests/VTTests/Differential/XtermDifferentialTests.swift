import Foundation
import XCTest
@testable import VT

/// Plays every stream of Tests/VTTests/Corpus and Tests/VTTests/XtermCorpus through our
/// `Terminal` and compares the screen, the cursor (through DSR 6) and every reply with what
/// real xterm 379 answered (checked in next to each stream by scripts/xterm-oracle), so the
/// suite needs no X server. Streams that differ for a known reason are listed with the reason
/// in XtermCorpus/KNOWN-DIFFERENCES; a listed stream that now agrees fails the test too, so
/// the list stays true.
final class XtermDifferentialTests: XCTestCase {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let corpora = ["Corpus", "XtermCorpus"].map { testsDirectory.appendingPathComponent($0) }

    struct Stream {
        var url: URL
        var columns: Int
        var rows: Int
        var name: String { url.lastPathComponent }
        var answer: URL { url.deletingPathExtension().appendingPathExtension("xterm.txt") }
    }

    static func streams() throws -> [Stream] {
        var out: [Stream] = []
        for directory in corpora {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".vt") }
            for name in names.sorted() {
                let parts = name.split(separator: ".")
                let size = parts.count >= 3 ? parts[parts.count - 2].split(separator: "x").compactMap { Int($0) } : []
                guard size.count == 2 else { throw XtermAnswerError("\(name) is not named NAME.COLSxROWS.vt") }
                out.append(Stream(url: directory.appendingPathComponent(name), columns: size[0], rows: size[1]))
            }
        }
        return out
    }

    /// Stream name → why it differs from xterm.
    static func knownDifferences() throws -> [String: String] {
        let file = testsDirectory.appendingPathComponent("XtermCorpus/KNOWN-DIFFERENCES")
        var out: [String: String] = [:]
        for line in String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\n") {
            guard !line.hasPrefix("#"), let space = line.firstIndex(of: " ") else { continue }
            out[String(line[..<space])] = line[space...].trimmingCharacters(in: .whitespaces)
        }
        return out
    }

    /// The terminal as the oracle's xterm is set up: its default colours and its 6x13 font.
    static func terminal(_ stream: Stream) -> Terminal {
        let t = Terminal(columns: stream.columns, rows: stream.rows, scrollbackLimit: 100)
        t.colors = TerminalColors(foreground: RGBColor(red: 0, green: 0, blue: 0),
                                  background: RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF),
                                  cursor: RGBColor(red: 0, green: 0, blue: 0))
        t.cellPixelSize = (width: 6, height: 13)
        return t
    }

    func testCorpusHasAtLeastThreeHundredAnsweredStreams() throws {
        let streams = try XtermDifferentialTests.streams()
        XCTAssertGreaterThanOrEqual(streams.count, 300)
        for stream in streams {
            XCTAssert(FileManager.default.fileExists(atPath: stream.answer.path),
                      "\(stream.name) has no xterm answer; run scripts/xterm-oracle \(stream.url.path)")
        }
    }

    func testEveryStreamAnswersLikeXterm() throws {
        let known = try XtermDifferentialTests.knownDifferences()
        var seen = Set<String>()
        for stream in try XtermDifferentialTests.streams() {
            guard FileManager.default.fileExists(atPath: stream.answer.path) else { continue }
            seen.insert(stream.name)
            var xterm = try XtermAnswer(file: stream.answer, rowCount: stream.rows)
            // XTVERSION names the terminal: Drover answers with its own name (ADR 0008).
            xterm.replies = xterm.replies.replacingOccurrences(of: "\\eP>|XTerm(379)\\e\\\\",
                                                               with: "\\eP>|\(Terminal.versionName)\\e\\\\")
            let bytes = Array(try Data(contentsOf: stream.url))
            // Whole, and in pieces of 1 to 13 bytes so sequences straddle feeds.
            for pieces in [[bytes], TmuxDifferentialTests.split(bytes)] {
                let terminal = XtermDifferentialTests.terminal(stream)
                var replies: [UInt8] = []
                for piece in pieces {
                    terminal.feed(piece)
                    replies += terminal.takeReplies()
                }
                let differences = XtermAnswer(terminal: terminal, repliesSoFar: replies).differences(from: xterm)
                if let reason = known[stream.name] {
                    XCTAssertFalse(differences.isEmpty, "\(stream.name) now agrees with xterm; remove it from KNOWN-DIFFERENCES (\(reason))")
                    break
                }
                XCTAssert(differences.isEmpty, "\(stream.name) fed in \(pieces.count) pieces differs from xterm:\n"
                          + differences.prefix(6).joined(separator: "\n"))
            }
        }
        for name in known.keys where !seen.contains(name) {
            XCTFail("KNOWN-DIFFERENCES lists \(name), which is not in the corpus; remove the line")
        }
    }
}
