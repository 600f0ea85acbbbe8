/// What the remote asks of the person rather than of the screen: clipboard writes (OSC 52),
/// notifications (OSC 9, OSC 99, OSC 777) and progress (OSC 9;4), next to `bellCount`. The emulator only records them; the
/// owner decides what reaches the local terminal. Nothing here ever sends a reply: an OSC 52
/// read is dropped, so the local clipboard cannot leak to the remote.
extension Terminal {
    func clipboard(_ rest: UnsafeBufferPointer<UInt8>) {
        if case .write(let text) = ClipboardRequest.parse(rest) { clipboardWrite = text }
    }

    func notify(_ notification: RemoteNotification?) {
        guard let notification else { return }
        lastNotification = notification
        notificationCount &+= 1
    }

    func report(_ progress: RemoteProgress?) {
        self.progress = progress
        progressCount &+= 1
    }

    /// True while a clipboard write waits to be taken.
    public var hasClipboardWrite: Bool { clipboardWrite != nil }

    /// The last clipboard write since the previous call (checked text), if any.
    public func takeClipboardWrite() -> [UInt8]? {
        defer { clipboardWrite = nil }
        return clipboardWrite
    }
}
