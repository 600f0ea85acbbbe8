/// A desktop notification the remote asked for: OSC 9 (`9 ; text`), OSC 777
/// (`777 ; notify ; title ; body`) or kitty's OSC 99 (`KittyNotificationPieces`). The text is as
/// sent; whoever shows it sanitises it.
public struct RemoteNotification: Equatable, Sendable {
    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// OSC 9's text, unless it is one of ConEmu's numbered OSC 9 commands (`9;4;1;50` is a
    /// progress bar, `RemoteProgress`), which are not notifications.
    static func osc9(_ rest: UnsafeBufferPointer<UInt8>) -> RemoteNotification? {
        let text = String(decoding: rest, as: UTF8.self)
        let head = text.prefix { $0 != ";" }
        if !head.isEmpty, head.allSatisfy(\.isASCII), head.allSatisfy(\.isNumber) { return nil }
        return text.isEmpty ? nil : RemoteNotification(title: "", body: text)
    }

    /// OSC 777's `notify;title;body`; other OSC 777 commands are not notifications.
    static func osc777(_ rest: UnsafeBufferPointer<UInt8>) -> RemoteNotification? {
        let parts = String(decoding: rest, as: UTF8.self).split(separator: ";", maxSplits: 2,
                                                                  omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "notify" else { return nil }
        return RemoteNotification(title: String(parts[1]), body: parts.count > 2 ? String(parts[2]) : "")
    }
}
