/// Kitty's desktop notifications (OSC 99) put together from their pieces:
/// `99 ; i=ID:d=0:p=title ; text` … `99 ; i=ID:p=body ; text`. Pieces with the same `i=` add
/// up (title to title, body to body) until one without `d=0` completes the notification;
/// `e=1` marks a base64 piece. Other payload kinds (`close`, `alive`, `?`, `buttons`, `icon`)
/// are not shown; a query is not answered.
///
/// Bounded against a remote that never finishes: at most `maximumPending` notifications wait
/// (the oldest goes), and each part keeps at most `maximumBytes`.
struct KittyNotificationPieces {
    static let maximumPending = 4
    static let maximumBytes = 4096
    static let maximumIdentifier = 64

    private struct Pending {
        var id: String
        var title: [UInt8] = []
        var body: [UInt8] = []
    }

    private var pending: [Pending] = []

    /// How many notifications wait for their last piece.
    var pendingCount: Int { pending.count }

    /// Takes the part of `OSC 99 ; metadata ; payload` after `99;`; returns the notification
    /// this piece completes, if any.
    mutating func take(_ rest: UnsafeBufferPointer<UInt8>) -> RemoteNotification? {
        guard let separator = rest.firstIndex(of: UInt8(ascii: ";")) else { return nil }
        guard let metadata = Self.metadata(UnsafeBufferPointer(rebasing: rest[..<separator])) else { return nil }
        let raw = UnsafeBufferPointer(rebasing: rest[(separator + 1)...])
        let payload: [UInt8]
        if metadata["e"] == "1" {
            guard let decoded = Base64.decode(raw) else { return nil }
            payload = decoded
        } else {
            payload = Array(raw)
        }
        let id = metadata["i"] ?? ""
        let kind = metadata["p"] ?? "title"
        if kind == "close" { pending.removeAll { $0.id == id } }
        guard kind == "title" || kind == "body" else { return nil }

        var entry = pending.firstIndex { $0.id == id }.map { pending.remove(at: $0) } ?? Pending(id: id)
        if kind == "title" { Self.append(payload, to: &entry.title) } else { Self.append(payload, to: &entry.body) }
        guard metadata["d"] == "0" else {
            if entry.title.isEmpty && entry.body.isEmpty { return nil }
            return RemoteNotification(title: String(decoding: entry.title, as: UTF8.self),
                                      body: String(decoding: entry.body, as: UTF8.self))
        }
        pending.append(entry)
        if pending.count > Self.maximumPending { pending.removeFirst() }
        return nil
    }

    private static func append(_ bytes: [UInt8], to part: inout [UInt8]) {
        part += bytes.prefix(max(0, maximumBytes - part.count))
    }

    /// `key=value` pairs separated by `:`; nil when a pair is malformed or an identifier is
    /// longer than kitty's own limit of sense.
    private static func metadata(_ text: UnsafeBufferPointer<UInt8>) -> [String: String]? {
        var pairs: [String: String] = [:]
        for pair in String(decoding: text, as: UTF8.self).split(separator: ":") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { return nil }
            pairs[String(parts[0])] = String(parts[1])
        }
        if let id = pairs["i"], id.utf8.count > maximumIdentifier { return nil }
        return pairs
    }
}
