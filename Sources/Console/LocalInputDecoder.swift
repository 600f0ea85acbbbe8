import VT

/// Turns the bytes the local terminal sends into `InputEvent`s: text, control keys, CSI/SS3
/// keys with modifiers, kitty's `CSI u` and xterm's `CSI 27;…~` keys (`KeyReport`), Alt as an
/// ESC prefix, SGR mouse reports, bracketed paste and focus, and the terminal's answers to the
/// keyboard probe (`takeReplies`).
///
/// Input may arrive split anywhere: an incomplete sequence or UTF-8 character is kept until
/// the next `decode`. A lone ESC is ambiguous (the Escape key, or the start of a sequence whose
/// rest has not arrived): it stays pending, and the caller calls `flushPendingEscape()` when
/// no more bytes came within a short time.
public struct LocalInputDecoder: Sendable {
    private var buffer: [UInt8] = []
    private var inPaste = false
    /// Where the search for the end of a paste resumes (buffer offset), so a large paste
    /// arriving in many reads is scanned once.
    private var pasteSearchStart = 0
    /// Answers to the keyboard probe decoded since the last `takeReplies()`.
    private var replies: [LocalTerminalReply] = []

    public init() {}

    /// The local terminal's answers decoded so far (kept apart from keys), and forgets them.
    public mutating func takeReplies() -> [LocalTerminalReply] {
        defer { replies.removeAll() }
        return replies
    }

    /// True when undecoded bytes that start with ESC are waiting (see `flushPendingEscape`).
    public var hasPendingEscape: Bool { !inPaste && buffer.first == 0x1B }

    /// Decodes as much of the input so far as is complete.
    public mutating func decode<Bytes: Sequence>(_ bytes: Bytes) -> [InputEvent] where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var index = 0
        while index < buffer.count {
            if inPaste {
                guard let end = Self.find(Self.pasteEnd, in: buffer, from: max(index, pasteSearchStart)) else {
                    pasteSearchStart = max(index, buffer.count - (Self.pasteEnd.count - 1))
                    break
                }
                events.append(.paste(String(decoding: buffer[index..<end], as: UTF8.self)))
                index = end + Self.pasteEnd.count
                inPaste = false
                pasteSearchStart = 0
                continue
            }
            guard let (consumed, decoded) = decodeOne(at: index) else { break }
            for event in decoded { append(event, to: &events) }
            index += consumed
        }
        buffer.removeFirst(index)
        pasteSearchStart = max(pasteSearchStart - index, 0)
        return events
    }

    /// Treats pending bytes as complete: a lone ESC becomes the Escape key, `ESC [` / `ESC O`
    /// Alt+[ / Alt+O, `ESC ESC` Alt+Escape, a longer unfinished sequence Escape followed by the
    /// rest as typed (again and again while the rest itself starts with ESC); the start of a
    /// terminal's answer keeps waiting (`holdsSplitAnswer`), unless `evenAnAnswer`: after a longer
    /// wait it was typed keys after all (Alt+[ then <), which must not wait for the next key.
    public mutating func flushPendingEscape(evenAnAnswer: Bool = false) -> [InputEvent] {
        var events: [InputEvent] = []
        while hasPendingEscape, evenAnAnswer || !holdsSplitAnswer {
            var rest = Array(buffer.dropFirst())
            var event: InputEvent = .key(.escape, [])
            if rest.count == 1, [UInt8(ascii: "["), UInt8(ascii: "O"), UInt8(ascii: "]")].contains(rest[0]) {
                // Alt+[, Alt+O or Alt+]: the only two-byte forms that wait for more.
                event = .key(.character(Unicode.Scalar(rest[0])), .alt)
                rest = []
            } else if rest == [0x1B] {
                event = .key(.escape, .alt)
                rest = []
            }
            buffer.removeAll()
            events.append(event)
            events.append(contentsOf: decode(rest))
        }
        return events
    }

    /// The pending bytes are the start of a terminal's answer or SGR mouse report (`CSI ?`,
    /// `CSI >` or `CSI <` and parameter bytes, which no key sends; `ESC ]` and a digit, a colour
    /// answer), split from its end by a slow link: it waits for the rest rather than being typed
    /// to the host. Bounded, so junk that never ends is flushed after all.
    private var holdsSplitAnswer: Bool {
        if buffer.count >= 3, buffer[1] == UInt8(ascii: "]"), (0x30...0x39).contains(buffer[2]) { return true }
        guard buffer.count >= 3, buffer.count <= 64, buffer[1] == UInt8(ascii: "["),
              [UInt8(ascii: "?"), UInt8(ascii: ">"), UInt8(ascii: "<")].contains(buffer[2]) else { return false }
        return buffer.dropFirst(3).allSatisfy { (0x30...0x3F).contains($0) }
    }

    /// Consecutive text merges into one `.text` event.
    private func append(_ event: InputEvent, to events: inout [InputEvent]) {
        if case .text(let more) = event, case .text(let text)? = events.last {
            events[events.count - 1] = .text(text + more)
        } else {
            events.append(event)
        }
    }

    /// One key, sequence or character at `index`: bytes used and events, nil when incomplete.
    private mutating func decodeOne(at index: Int) -> (Int, [InputEvent])? {
        let byte = buffer[index]
        if byte == 0x1B { return decodeEscape(at: index) }
        if byte < 0x20 || byte == 0x7F { return (1, [.key(Self.controlKey(byte).0, Self.controlKey(byte).1)]) }
        guard let (length, scalar) = Self.utf8Scalar(buffer, at: index) else { return nil }
        return (length, [.text(String(Character(scalar)))])
    }

    private mutating func decodeEscape(at index: Int) -> (Int, [InputEvent])? {
        guard index + 1 < buffer.count else { return nil }
        let next = buffer[index + 1]
        switch next {
        case UInt8(ascii: "["):
            guard let sequence = CSISequence.parse(buffer, from: index + 2) else { return nil }
            if sequence.isPasteStart {
                inPaste = true
                return (2 + sequence.length, [])
            }
            if sequence.isX10MouseStart {
                // `CSI M b x y` from a terminal without SGR mouse: three raw bytes follow.
                let start = index + 2 + sequence.length
                guard start + 3 <= buffer.count else { return nil }
                let report = CSISequence.x10Mouse(buffer[start], buffer[start + 1], buffer[start + 2])
                return (2 + sequence.length + 3, report.map { [.mouse($0)] } ?? [])
            }
            if let reply = LocalTerminalReply(sequence) {
                replies.append(reply)
                return (2 + sequence.length, [])
            }
            return (2 + sequence.length, sequence.events())
        case UInt8(ascii: "]"):
            return decodeOSC(at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < buffer.count else { return nil }
            return (3, CSISequence.ss3(buffer[index + 2]).map { [$0] } ?? [])
        case 0x1B:
            // ESC ESC ...: Alt + whatever the second ESC starts. ESC ESC at the end of the input
            // waits like a lone ESC: the `[` of Alt+Up may be in the next read (flushed, it is
            // Alt+Escape).
            guard index + 2 < buffer.count else { return nil }
            if buffer[index + 2] == UInt8(ascii: "[") || buffer[index + 2] == UInt8(ascii: "O") {
                guard let (length, events) = decodeEscape(at: index + 1) else { return nil }
                return (1 + length, events.map(Self.withAlt))
            }
            return (2, [.key(.escape, .alt)])
        default:
            if next < 0x20 || next == 0x7F {
                let (key, modifiers) = Self.controlKey(next)
                return (2, [.key(key, modifiers.union(.alt))])
            }
            guard let (length, scalar) = Self.utf8Scalar(buffer, at: index + 1) else { return nil }
            return (1 + length, [.key(.character(scalar), .alt)])
        }
    }

    /// The longest OSC answer taken (`ESC ] 4 ; 15 ; rgb:ffff/ffff/ffff ESC \` is 32 bytes).
    static let maxAnswerLength = 128

    /// `ESC ]` at `index`: a terminal's colour answer up to its BEL or ST (a reply), or Alt+]
    /// when what follows is not one (no digit first, a byte no answer holds, or no end within
    /// `maxAnswerLength`); nil while it may still be one.
    private mutating func decodeOSC(at index: Int) -> (Int, [InputEvent])? {
        let altBracket: (Int, [InputEvent]) = (2, [.key(.character("]"), .alt)])
        guard index + 2 < buffer.count else { return nil }
        guard (0x30...0x39).contains(buffer[index + 2]) else { return altBracket }
        var end = index + 2
        while end < buffer.count {
            guard end - index < Self.maxAnswerLength else { break }
            let byte = buffer[end]
            if byte == 0x07 || byte == 0x1B {
                if byte == 0x1B {
                    guard end + 1 < buffer.count else { return nil }
                    guard buffer[end + 1] == UInt8(ascii: "\\") else { break }
                }
                if let reply = LocalTerminalReply(osc: buffer[(index + 2)..<end]) { replies.append(reply) }
                return (end - index + (byte == 0x1B ? 2 : 1), [])
            }
            guard (0x20...0x7E).contains(byte) else { break }
            end += 1
        }
        if end == buffer.count && end - index < Self.maxAnswerLength { return nil }
        return altBracket
    }

    static func withAlt(_ event: InputEvent) -> InputEvent {
        switch event {
        case let .key(key, modifiers): return .key(key, modifiers.union(.alt))
        case let .text(text) where text.unicodeScalars.count == 1:
            return .key(.character(text.unicodeScalars.first!), .alt)
        default: return event
        }
    }

    /// C0 controls and DEL: Enter, Tab, Backspace (DEL; BS is Ctrl+Backspace as xterm sends
    /// it), and Ctrl+letter / Ctrl+space / Ctrl+\ ] ^ _ for the rest.
    static func controlKey(_ byte: UInt8) -> (Key, KeyModifiers) {
        switch byte {
        case 0x0D: return (.enter, [])
        case 0x09: return (.tab, [])
        case 0x7F: return (.backspace, [])
        case 0x08: return (.backspace, .control)
        case 0x1B: return (.escape, [])
        case 0x00: return (.character(" "), .control)
        case 0x01...0x1A: return (.character(Unicode.Scalar(byte + 0x60)), .control)
        default: return (.character(Unicode.Scalar(byte + 0x40)), .control)
        }
    }

    /// The UTF-8 character at `index`: (length, scalar), nil when it is not complete yet.
    /// Decoded by VT's `UTF8Decoder`, so local input follows the emulator's rules: overlong
    /// forms, surrogates and values above U+10FFFF become U+FFFD, one per maximal subpart.
    static func utf8Scalar(_ bytes: [UInt8], at index: Int) -> (Int, Unicode.Scalar)? {
        var decoder = UTF8Decoder()
        var offset = 0
        while index + offset < bytes.count {
            switch decoder.decode(bytes[index + offset]) {
            case .pending:
                offset += 1
            case .scalar(let value):
                return (offset + 1, Unicode.Scalar(value) ?? "\u{FFFD}")
            case .invalid:
                return (offset + 1, "\u{FFFD}")
            case .invalidReprocess:
                // The byte at `offset` does not continue the character: it starts the next one.
                return (offset, "\u{FFFD}")
            }
        }
        return nil
    }

    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count - start >= needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
