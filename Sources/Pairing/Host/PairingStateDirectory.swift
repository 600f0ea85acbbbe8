import LibC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Files

/// The hand-off between `pair-host` and the forced-command enroll, per pairing id, in a 0700
/// directory: `<id>.offer`, `<id>.claim`, `<id>.decision`, `<id>.result`, `<id>.done`.
///
/// Each file is created exactly once with its whole content (written to a temporary file,
/// then hard-linked into place, which fails when the name exists), and ends with a newline.
/// A reader treats a missing file, or one without the final newline, as "not yet".
public struct PairingStateDirectory: Sendable {
    /// The five files of one pairing.
    public enum Stage: String, CaseIterable, Sendable {
        case offer, claim, decision, result, done
    }

    public let path: String
    public let id: String

    public init(path: String, id: String) {
        self.path = path
        self.id = id
    }

    /// Creates the directory (0700) if missing.
    public func ensureExists() throws { try Directory.ensure(path, mode: 0o700) }

    public func file(_ stage: Stage) -> String { "\(path)/\(id).\(stage.rawValue)" }

    /// Creates the file of `stage` with `lines` (each followed by a newline). Returns false,
    /// writing nothing, when the file already exists.
    @discardableResult
    public func create(_ stage: Stage, _ lines: [String]) throws -> Bool {
        let target = file(stage)
        var template = Array("\(path)/.\(id).\(stage.rawValue).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileError(path: target, reason: "cannot create a file (\(String(cString: strerror(errno))))",
                                             advice: "Check that \(path) is writable, then run the pairing command again.") }
        let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(temp) }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        let written = bytes.withUnsafeBytes { LibC.write(fd, $0.baseAddress, $0.count) }
        fsync(fd)
        close(fd)
        guard written == bytes.count else {
            throw FileError(path: target, reason: "cannot write the file", advice: "Free some disk space, then run the pairing command again.")
        }
        if link(temp, target) == 0 { return true }
        if errno == EEXIST { return false }
        throw FileError(path: target, reason: "cannot create the file (\(String(cString: strerror(errno))))",
                        advice: "Check that \(path) is writable, then run the pairing command again.")
    }

    /// The lines of `stage`'s file, or nil while it does not exist or is incomplete.
    public func read(_ stage: Stage) -> [String]? {
        guard let data = try? AtomicFile.read(file(stage)), data.last == 10 else { return nil }
        return String(decoding: data.dropLast(), as: UTF8.self).components(separatedBy: "\n")
    }

    public func exists(_ stage: Stage) -> Bool { access(file(stage), F_OK) == 0 }

    /// Removes all five files (missing ones are fine).
    public func removeAll() {
        for stage in Stage.allCases { unlink(file(stage)) }
    }
}
