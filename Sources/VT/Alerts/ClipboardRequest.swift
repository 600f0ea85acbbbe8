/// What an OSC 52 string from the remote asks for, checked before anything acts on it.
///
/// A read (`?`) is reported as such and never answered: the local clipboard is not the remote
/// program's to see. A write must be strict base64 of at most `maximumBytes` of text (UTF-8,
/// no controls but TAB, LF and CR, so that pasting it later cannot type an escape sequence).
public enum ClipboardRequest: Equatable, Sendable {
    case write([UInt8])
    case read
    case rejected(Reason)

    public enum Reason: Equatable, Sendable {
        case notBase64, tooLarge, notText, empty
    }

    /// 1 MiB of decoded text: more than any selection a person copies, small enough to hold.
    public static let maximumBytes = 1 << 20

    /// Checks the part of `OSC 52 ; Pc ; Pd` after `52;` (`Pc ; Pd`).
    public static func parse(_ body: UnsafeBufferPointer<UInt8>) -> ClipboardRequest {
        guard let separator = body.firstIndex(of: UInt8(ascii: ";")) else { return .rejected(.notBase64) }
        let data = UnsafeBufferPointer(rebasing: body[(separator + 1)...])
        if data.count == 1, data[0] == UInt8(ascii: "?") { return .read }
        if data.isEmpty { return .rejected(.empty) }
        // Four characters make three bytes: anything longer than this cannot fit.
        if data.count > (maximumBytes + 2) / 3 * 4 { return .rejected(.tooLarge) }
        guard let bytes = Base64.decode(data) else { return .rejected(.notBase64) }
        if bytes.isEmpty { return .rejected(.empty) }
        if bytes.count > maximumBytes { return .rejected(.tooLarge) }
        return isText(bytes) ? .write(bytes) : .rejected(.notText)
    }

    /// Valid UTF-8 (no overlong forms, surrogates or values past U+10FFFF) without controls
    /// other than TAB, LF and CR.
    static func isText(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let v = scalar.value
                if v == 0x09 || v == 0x0A || v == 0x0D { continue }
                if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) { return false }
            case .emptyInput:
                return true
            case .error:
                return false
            }
        }
    }
}
