import Loop
import VT

/// The key that starts Drover's key bindings: `ctrl+]` unless `--prefix`, the host's `prefix`
/// in hosts.json, or `DROVER_PREFIX` names another. Any Ctrl+letter or one of the Ctrl+symbols
/// every terminal sends as a control byte, so it works with and without a keyboard protocol.
public struct PrefixKey: Hashable, Sendable {
    /// The character held with Ctrl (a lower-case letter or one of `symbols`).
    public let character: Unicode.Scalar

    /// `ctrl+]`: byte 0x1D, vim's tag jump but a key herdr does not use.
    public static let standard = PrefixKey(uncheckedCharacter: "]")

    /// The symbols that, with Ctrl, send a control byte in every terminal (0x1C–0x1F, 0x00).
    public static let symbols: [Unicode.Scalar] = ["]", "\\", "^", "_", "@"]

    /// Letters that, with Ctrl, are the same byte as another key: Tab, Backspace, Enter.
    static let takenLetters: [Unicode.Scalar: String] = ["i": "Tab", "h": "Backspace", "m": "Enter"]

    private init(uncheckedCharacter: Unicode.Scalar) {
        character = uncheckedCharacter
    }

    /// Parses `ctrl+a`, `ctrl+]`, `C-a` or `^A` (case does not matter).
    public init(parsing text: String) throws(PrefixKeyError) {
        let lowered = String(text.lowercased().filter { !$0.isWhitespace })
        var rest: Substring?
        for lead in ["ctrl+", "ctrl-", "control+", "c-", "^"] where lowered.hasPrefix(lead) && lowered.count > lead.count {
            rest = lowered.dropFirst(lead.count)
            break
        }
        guard let rest, rest.unicodeScalars.count == 1, let scalar = rest.unicodeScalars.first else {
            throw .notAControlKey(text)
        }
        if scalar == "[" { throw .escape }
        if let name = Self.takenLetters[scalar] { throw .sameAsKey(text, name) }
        guard ("a"..."z").contains(scalar) || Self.symbols.contains(scalar) else { throw .notAControlKey(text) }
        character = scalar
    }

    /// How help and messages spell it.
    public var name: String { "ctrl+\(character)" }

    /// The key event the decoder produces for it, from its control byte or from kitty's and
    /// xterm's extended forms alike.
    public var event: InputEvent { .key(.character(character), .control) }

    /// `event` in the form it has as a prefix key: Caps Lock and Num Lock dropped, and the ways
    /// terminals report the Ctrl+symbols typed with Shift (on a US layout) made the symbol, as
    /// their one control byte is in legacy form: kitty says the unshifted key and Shift
    /// (`CSI 54;6u` for Ctrl+^), xterm the symbol and Shift (`CSI 27;6;94~`), and NUL, the byte
    /// of `ctrl+@`, is also Ctrl+Space (as `LocalInputDecoder` reads it). Others are unchanged.
    static func prefixForm(of event: InputEvent) -> InputEvent {
        guard case let .key(key, reported) = event else { return event }
        let modifiers: KeyModifiers = reported.subtracting(KeyModifiers.locks)
        guard case let .character(scalar) = key else { return .key(key, modifiers) }
        if modifiers == .control, scalar == " " { return .key(.character("@"), .control) }
        if modifiers == [.control, .shift],
           let symbol = shiftedSymbols[scalar] ?? shiftedSymbols.values.first(where: { $0 == scalar }) {
            return .key(.character(symbol), .control)
        }
        return .key(key, modifiers)
    }

    /// The prefix symbols typed with Shift on a US layout, by the key that types them.
    private static let shiftedSymbols: [Unicode.Scalar: Unicode.Scalar] = ["6": "^", "-": "_", "2": "@"]

    /// The prefix this process uses: set once when `drover attach` starts, read by every help
    /// text and status line that names a Drover key.
    public static var inUse: PrefixKey { current.value }

    /// Makes `key` the prefix of this process (before the front view starts).
    public static func use(_ key: PrefixKey) { current.value = key }

    private static let current = ProcessPrefix()
}

/// The process's prefix behind a lock: help texts may be built on a connect thread while the
/// loop thread reads it (NSLock rather than `Mutex`, which needs macOS 15; Package.swift says 13).
private final class ProcessPrefix: @unchecked Sendable {
    // @unchecked: `key` is only touched with `lock` held.
    private let lock = Lock()
    private var key = PrefixKey.standard

    var value: PrefixKey {
        get { lock.lock(); defer { lock.unlock() }; return key }
        set { lock.lock(); key = newValue; lock.unlock() }
    }
}

/// A `--prefix`, `DROVER_PREFIX` or hosts.json `prefix` that cannot be a prefix key.
public enum PrefixKeyError: Error, Equatable, CustomStringConvertible {
    case notAControlKey(String)
    case escape
    case sameAsKey(String, String)

    public var description: String {
        let choices = "a Ctrl+letter (ctrl+a … ctrl+z, but not ctrl+h, ctrl+i or ctrl+m) or one of ctrl+] ctrl+\\ ctrl+^ ctrl+_ ctrl+@"
        switch self {
        case .notAControlKey(let text):
            return "'\(text)' is not a prefix key: give \(choices), e.g. --prefix ctrl+a"
        case .escape:
            return "ctrl+[ is the Escape key and cannot be the prefix: give \(choices)"
        case let .sameAsKey(text, key):
            return "\(text) cannot be the prefix: terminals send the same byte for it as for the \(key) key, "
                + "so every \(key) would be taken as the prefix; give another key: \(choices)"
        }
    }
}
