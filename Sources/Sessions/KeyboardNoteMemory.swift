import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which kinds of local terminal were already told that they report no modified keys (the
/// Shift+Enter note, `KeyboardMirror.noProtocolNote`), so the note is said once per kind, not
/// at every attach: `keyboard-notes` in Drover's directory, one kind a line. A kind is what the
/// environment names (`TERM_PROGRAM`, `TERM`, and the variables VTE, Konsole and Windows
/// Terminal set: `kind(environment:)`): the same terminal program gives the same answer to
/// the keyboard probe. Read when the run starts (`AttachRun.init`, on the loop's
/// thread before the loop runs); written, atomic and 0600, by `AttachRun.close()` once the loop
/// has stopped, and only when the note's banner stood its full reading time: a note that gave
/// way at once (a key typed on the rows it covered, a newer banner, a quick detach) may not
/// have been read, and is said again next time. A loose, foreign, odd or oversized file is
/// refused as Drover's other files are (`init` throws); a write that fails when the run ends
/// (a loose lock file, a full disk) is said after the run's own message.
final class KeyboardNoteMemory {
    static let fileName = "keyboard-notes"
    /// Kinds kept at most (the newest); a line is at most `kindLength` bytes.
    static let maximumKinds = 64
    static let kindLength = 100
    /// Each of a kind's three parts is cut to this many characters (3 × 32 + 2 ≤ `kindLength`).
    static let partLength = 32

    let root: DroverRoot
    /// This run's terminal kind.
    let kind: String
    /// Whether this kind was told before this run began.
    let toldBefore: Bool
    /// The note's text, once shown in this run.
    private var shownNote: String?
    /// The note's banner stood its full time without giving way or being replaced.
    private(set) var wasRead = false

    /// Throws, as for Drover's other files, when `keyboard-notes` or its directory is loose or
    /// another user's, is not a regular file, or is larger than this file ever is: the error
    /// names the file and what to run.
    init(root: DroverRoot, environment: [String: String]) throws {
        self.root = root
        kind = Self.kind(environment: environment)
        toldBefore = try Self.kinds(in: root).contains(kind)
    }

    /// `TERM_PROGRAM/TERM`, then what tells apart terminals that share those (most say
    /// `xterm-256color` and set no `TERM_PROGRAM`): `/vte7600` (`VTE_VERSION`: GNOME Terminal,
    /// Tilix, Terminator…), `/konsole230805` (`KONSOLE_VERSION`), `/wt` (`WT_SESSION` set:
    /// Windows Terminal; its value differs per tab, so only its presence counts), joined by `+`
    /// when several are set, left off when none is (a line written before these were read
    /// still matches). A version is part of the kind: a newer build may answer the probe
    /// otherwise. Anything but letters, digits and `.+-_` is left out ("-" for an unset
    /// `TERM_PROGRAM` or `TERM`) and each part is cut to `partLength`, so a line of the file is
    /// one kind, at most `kindLength` bytes, whatever the environment holds.
    static func kind(environment: [String: String]) -> String {
        func kept(_ value: String) -> String {
            let scalars = value.unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".+-_".unicodeScalars.contains($0))
            }
            return String(String.UnicodeScalarView(scalars.prefix(partLength)))
        }
        func part(_ name: String) -> String {
            let value = kept(environment[name] ?? "")
            return value.isEmpty ? "-" : value
        }
        var terminal: [String] = []
        if let vte = environment["VTE_VERSION"] { terminal.append("vte" + kept(vte)) }
        if let konsole = environment["KONSOLE_VERSION"] { terminal.append("konsole" + kept(konsole)) }
        if environment["WT_SESSION"] != nil { terminal.append("wt") }
        let named = part("TERM_PROGRAM") + "/" + part("TERM")
        return terminal.isEmpty ? named : named + "/" + String(terminal.joined(separator: "+").prefix(partLength))
    }

    /// The kinds told so far, oldest first; none when the file is missing.
    static func kinds(in root: DroverRoot) throws -> [String] {
        guard let data = try AtomicFile.readTrusted(root.file(fileName), limit: maximumKinds * (kindLength + 1)) else {
            return []
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The note went up as a banner.
    func shown(_ note: String) {
        shownNote = note
    }

    /// The banner `text` stood its full time: if it was the note, it could be read.
    func bannerStood(_ text: String) {
        if text == shownNote { wasRead = true }
    }

    /// Remembers this kind if the note was read in this run (and was not known already);
    /// returns why it could not.
    func rememberIfRead() -> Error? {
        guard wasRead, !toldBefore else { return nil }
        do { try remember() } catch { return error }
        return nil
    }

    /// Adds this kind to the file (under its lock, so two runs that tell at once both stay).
    func remember() throws {
        try root.ensureExists()
        let path = root.file(Self.fileName)
        try FileLock.withExclusiveLock(path + ".lock") {
            var kinds = try Self.kinds(in: root).filter { $0 != kind }
            kinds.append(kind)
            try AtomicFile.write(kinds.suffix(Self.maximumKinds).joined(separator: "\n") + "\n", to: path, mode: 0o600)
        }
    }
}
