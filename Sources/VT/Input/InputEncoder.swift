/// Turns what the person did (`InputEvent`) into the bytes the remote application expects,
/// given the modes that application has set (`TerminalModes`). Pure: no I/O, no state.
///
/// Decisions where terminals differ (documented here so tests can hold them):
/// - Pasted text: newlines (`\r\n`, `\n`) become `\r`, as xterm sends them. Under `?2004`
///   the text is wrapped in `ESC[200~` … `ESC[201~` and every `ESC[201~` inside it is removed
///   (repeatedly, so a marker cannot be rebuilt from the pieces left around a removed one).
///   Other escapes are left alone: inside a bracketed paste the application reads the text
///   literally, so only the end marker can break out of it.
/// - Wheel with tracking off, on the alternate screen, under `?1007`: each notch sends
///   `alternateScrollLines` (3) cursor-up or cursor-down keys, in DECCKM form when it is set.
/// - X10 mouse encoding cannot say a column or row above 223: such events are not sent.
/// - SGR-pixels (`?1016`) reports the top-left pixel of the cell, 1-based, from `cellPixelSize`.
public struct InputEncoder: Sendable {
    public var modes: TerminalModes
    /// Pixel size of one cell, for `?1016` reports.
    public var cellPixelWidth: Int
    public var cellPixelHeight: Int
    /// Cursor keys sent per wheel notch under alternate scroll (`?1007`).
    public var alternateScrollLines: Int = 3

    public init(modes: TerminalModes, cellPixelWidth: Int = 8, cellPixelHeight: Int = 16) {
        self.modes = modes
        self.cellPixelWidth = max(1, cellPixelWidth)
        self.cellPixelHeight = max(1, cellPixelHeight)
    }

    /// The bytes to send for `event`; empty when the remote did not ask for it.
    public func encode(_ event: InputEvent) -> [UInt8] {
        switch event {
        case let .key(key, modifiers): return encode(KeyEvent(key, modifiers))
        case let .keyEvent(event): return encode(event)
        case let .text(text): return encodeText(text)
        case let .mouse(mouse): return encodeMouse(mouse)
        case let .paste(text): return encodePaste(text)
        case let .focus(gained):
            guard modes.focusReporting else { return [] }
            return gained ? InputEncoder.csi + [0x49] : InputEncoder.csi + [0x4F]
        }
    }

    static let esc: UInt8 = 0x1B
    static let csi: [UInt8] = [0x1B, 0x5B]
    static let ss3: [UInt8] = [0x1B, 0x4F]

    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    func encodePaste(_ text: String) -> [UInt8] {
        var bytes = InputEncoder.normalizingNewlines(Array(text.utf8))
        guard modes.bracketedPaste else { return bytes }
        bytes = InputEncoder.removingAll(InputEncoder.pasteEnd, from: bytes)
        return InputEncoder.pasteStart + bytes + InputEncoder.pasteEnd
    }

    /// `\r\n` and `\n` become `\r`.
    static func normalizingNewlines(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var previous: UInt8 = 0
        for b in bytes {
            if b == 0x0A {
                if previous != 0x0D { out.append(0x0D) }
            } else {
                out.append(b)
            }
            previous = b
        }
        return out
    }

    /// Removes `needle` until none is left (a removal can join two halves into a new one).
    static func removingAll(_ needle: [UInt8], from bytes: [UInt8]) -> [UInt8] {
        var current = bytes
        while true {
            var out: [UInt8] = []
            out.reserveCapacity(current.count)
            var i = 0
            var removed = false
            while i < current.count {
                if current[i] == needle[0], i + needle.count <= current.count,
                   current[i..<(i + needle.count)].elementsEqual(needle) {
                    i += needle.count
                    removed = true
                } else {
                    out.append(current[i])
                    i += 1
                }
            }
            if !removed { return out }
            current = out
        }
    }
}
