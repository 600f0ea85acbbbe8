import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which kinds of local terminal were already told that they report no modified keys (the
/// Shift+Enter note, `KeyboardMirror.noProtocolNote`), so the note is said once per kind, not
/// at every attach: `keyboard-notes` in Drover's directory, one kind a line. A kind is what the
/// environment names (`TERM_PROGRAM` and `TERM`): the same terminal program gives the same
/// answer to the keyboard probe. Read when the run starts (`AttachRun.init`, on the loop's
/// thread before the loop runs); written, atomic and 0600, by `AttachRun.close()` once the loop
/// has stopped, and only when the note's banner stood its full reading time: a note that gave
/// way at once (a key typed on the rows it covered, a newer banner, a quick detach) may not
/// have been read, and is said again next time. A file that cannot be read or written costs
/// only the note said again.
struct KeyboardNoteMemory: Sendable {
    static let fileName = "keyboard-notes"
    /// Kinds kept at most (the newest); a line is at most `kindLength` bytes.
    static let maximumKinds = 64
    static let kindLength = 100

    let root: DroverRoot
    /// This run's terminal kind.
    let kind: String
    /// Whether this kind was told before this run began.
    let toldBefore: Bool
    /// The note's text, once shown in this run.
    private var shownNote: String?
    /// The note's banner stood its full time without giving way or being replaced.
    private(set) var wasRead = false

    init(root: DroverRoot, environment: [String: String]) {
        self.root = root
        kind = Self.kind(environment: environment)
        toldBefore = Self.kinds(in: root).contains(kind)
    }

    /// `TERM_PROGRAM/TERM` with anything but letters, digits and `.+-_` left out ("-" for one
    /// unset), so a line of the file is one kind whatever the environment holds.
    static func kind(environment: [String: String]) -> String {
        func part(_ name: String) -> String {
            let kept = (environment[name] ?? "").unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".+-_".unicodeScalars.contains($0))
            }
            return kept.isEmpty ? "-" : String(String.UnicodeScalarView(kept.prefix(kindLength / 2 - 1)))
        }
        return part("TERM_PROGRAM") + "/" + part("TERM")
    }

    /// The kinds told so far, oldest first; none when the file is missing or cannot be read.
    static func kinds(in root: DroverRoot) -> [String] {
        guard let data = try? AtomicFile.readTrusted(root.file(fileName), limit: maximumKinds * (kindLength + 1)) else {
            return []
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The note went up as a banner.
    mutating func shown(_ note: String) {
        shownNote = note
    }

    /// The banner `text` stood its full time: if it was the note, it could be read.
    mutating func bannerStood(_ text: String) {
        if text == shownNote { wasRead = true }
    }

    /// Remembers this kind if the note was read in this run (and was not known already).
    func rememberIfRead() {
        guard wasRead, !toldBefore else { return }
        try? remember()
    }

    /// Adds this kind to the file (under its lock, so two runs that tell at once both stay).
    func remember() throws {
        try root.ensureExists()
        let path = root.file(Self.fileName)
        try FileLock.withExclusiveLock(path + ".lock") {
            var kinds = Self.kinds(in: root).filter { $0 != kind }
            kinds.append(kind)
            try AtomicFile.write(kinds.suffix(Self.maximumKinds).joined(separator: "\n") + "\n", to: path, mode: 0o600)
        }
    }
}
