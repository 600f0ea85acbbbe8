import LibC
import VT

/// Whoever shows a host's screen (the front view, while that host is in front). Told after each
/// piece of output, and in the middle of one when a whole synchronized update just ended.
public protocol ScreenViewer: AnyObject {
    /// `bytes` were fed to `screen`: it changed (history mode counts their lines).
    func screen(_ screen: HostScreen, received bytes: UnsafeRawBufferPointer)
    /// A synchronized update (mode 2026) just ended whole and more output follows in the same
    /// read: the viewer draws now if a frame is due, or the frame at this point is lost.
    func screenCompletedUpdate(_ screen: HostScreen)
}

/// One host's emulator as its link feeds it, in front or hidden (ADR 0022): the link alone
/// feeds it and sends its answers back; a viewer, if any, only draws it. Owns the one piece of
/// state feeding needs beyond the emulator: whether the host draws in synchronized updates.
///
/// A read rarely ends exactly between two synchronized updates (as herdr and most TUIs draw),
/// so after most reads the emulator is inside the next one and nothing may be drawn. Such a read
/// is fed in two parts, up to the end of the last update it closes and then the rest, and the
/// viewer is told in between. The parser takes bytes in any split, so nothing else changes.
public final class HostScreen {
    public let terminal: Terminal
    /// The front view while this host is in front; nil while it is hidden.
    public weak var viewer: (any ScreenViewer)?
    private var usesSynchronizedOutput = false

    public init(terminal: Terminal) {
        self.terminal = terminal
    }

    /// Feeds `bytes` (still in the channel's buffer: not copied) and returns the emulator's
    /// answers for the host (cursor reports, colour answers…), in the order they arose.
    public func feed(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        if usesSynchronizedOutput, viewer != nil, let end = Self.lastUpdateEnd(in: bytes), end < bytes.count {
            terminal.feed(UnsafeRawBufferPointer(rebasing: bytes[..<end]))
            if terminal.isFrameComplete { viewer?.screenCompletedUpdate(self) }
            terminal.feed(UnsafeRawBufferPointer(rebasing: bytes[end...]))
        } else {
            terminal.feed(bytes)
            if !terminal.isFrameComplete { usesSynchronizedOutput = true }
        }
        viewer?.screen(self, received: bytes)
        return terminal.takeReplies()
    }

    /// As `feed(_:)` for an array (tests, and bytes that are not in a channel's buffer).
    public func feed(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// What follows the `?` of `CSI ? 2026 l`; built once, not per read.
    private static let updateEndTail: [UInt8] = Array("2026l".utf8)

    /// The index just past the last `CSI ? 2026 l` in `bytes`, if any: memchr finds each `?`
    /// (a few per frame of TUI output), and only there are the neighbours compared.
    static func lastUpdateEnd(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, bytes.count >= 8 else { return nil }
        let tail = updateEndTail
        var found: Int?
        var from = 2
        while from < bytes.count, let hit = memchr(base + from, 0x3F, bytes.count - from) {
            let q = base.distance(to: UnsafeRawPointer(hit))
            if bytes[q - 2] == 0x1B, bytes[q - 1] == 0x5B, q + 5 < bytes.count,
               (0..<5).allSatisfy({ bytes[q + 1 + $0] == tail[$0] }) {
                found = q + 6
            }
            from = q + 1
        }
        return found
    }
}
