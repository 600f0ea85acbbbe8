import LibC

/// Calls its handler on the loop when the machine's addresses change (`AddressChanges`: Linux's
/// rtnetlink; nothing elsewhere), once per turn however many notices came: a new network may
/// have left every link on a path that is gone (ADR 0031).
public final class AddressWatch {
    private let loop: EventLoop
    private let descriptor: Int32
    private var token: EventLoop.WatchToken?

    /// Watches from now on; does nothing where the platform cannot tell (`isWatching` false).
    public init(loop: EventLoop, onChange: @escaping () -> Void) {
        self.loop = loop
        descriptor = AddressChanges.openSocket()
        guard descriptor >= 0 else { return }
        let fd = descriptor
        token = loop.watch(fd, for: .readable) { _ in
            if AddressChanges.drain(fd) { onChange() }
        }
    }

    deinit {
        if let token { loop.unwatch(token) }
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether address changes are watched on this platform.
    public var isWatching: Bool { token != nil }
}
