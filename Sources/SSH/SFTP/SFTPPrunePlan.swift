/// Which files of the paste directory go before the next upload: pure, so the rules are tested
/// without a host. Only names Drover made are touched (`UploadName`); anything else a person
/// put there stays.
public struct SFTPPrunePlan: Equatable, Sendable {
    /// A file found in the directory: its name, size and modification time (Unix seconds).
    public struct Entry: Equatable, Sendable {
        public let name: String
        public let size: UInt64
        public let modified: UInt64
        public init(name: String, size: UInt64, modified: UInt64) {
            self.name = name
            self.size = size
            self.modified = modified
        }
    }

    /// Uploads older than this go.
    public static let maximumAge: UInt64 = 7 * 24 * 3600
    /// The directory is kept under this many bytes, oldest first, counting the new upload.
    public static let maximumTotal: UInt64 = 200 * 1024 * 1024
    /// A temporary name nobody has written to for this long belongs to an upload that died
    /// without telling anyone (another Drover that crashed); a live upload writes constantly.
    public static let staleTemporaryAge: UInt64 = 3600

    /// Names to remove, in order.
    public let removals: [String]

    /// `entries` as listed, `now` in Unix seconds, `incoming` the bytes about to be added,
    /// `abandoned` the temporary names this process left behind (removed whatever their age).
    public init(entries: [Entry], now: UInt64, incoming: UInt64, abandoned: Set<String>) {
        var removals: [String] = []
        var kept: [Entry] = []
        for entry in entries {
            if UploadName.isTemporary(entry.name) {
                let idle = now > entry.modified ? now - entry.modified : 0
                if abandoned.contains(entry.name) || idle >= Self.staleTemporaryAge { removals.append(entry.name) }
            } else if UploadName.isUpload(entry.name) {
                let age = now > entry.modified ? now - entry.modified : 0
                if age >= Self.maximumAge { removals.append(entry.name) } else { kept.append(entry) }
            }
        }
        var total = kept.reduce(incoming) { $0 + $1.size }
        for entry in kept.sorted(by: { ($0.modified, $0.name) < ($1.modified, $1.name) }) where total > Self.maximumTotal {
            removals.append(entry.name)
            total -= entry.size
        }
        self.removals = removals
    }
}

/// The names Drover gives files in the paste directory: `<64 hex digits>.<ext>` for a finished
/// upload (the SHA-256 of its bytes, so the same picture is stored once), and
/// `.<hex>.<tag>.part` while it is being written.
public enum UploadName {
    static let extensions: Set<String> = ["png", "jpg", "gif", "webp"]

    /// The finished name for content `digestHex` of type `ext`.
    public static func final(digestHex: String, ext: String) -> String { "\(digestHex).\(ext)" }

    /// A temporary name unique to this process and upload (`tag`).
    public static func temporary(digestHex: String, tag: String) -> String { ".\(digestHex).\(tag).part" }

    public static func isUpload(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && isDigest(parts[0]) && extensions.contains(String(parts[1]))
    }

    public static func isTemporary(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0].isEmpty && isDigest(parts[1]) && parts[3] == "part" && !parts[2].isEmpty
    }

    private static func isDigest(_ text: Substring) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
