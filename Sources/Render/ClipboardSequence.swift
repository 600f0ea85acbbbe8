/// The OSC 52 sequence that puts text on the local terminal's clipboard (xterm, kitty, foot,
/// WezTerm, iTerm2 and tmux with `set-clipboard on` accept it). Built here, beside the other
/// bytes the renderer writes, so the local tty still only receives bytes Render made.
public enum ClipboardSequence {
    /// `ESC ] 52 ; c ; BASE64 BEL` for `text` (its UTF-8 bytes, base64 with padding).
    public static func osc52(_ text: String) -> [UInt8] {
        var out: [UInt8] = [0x1B, UInt8(ascii: "]"), UInt8(ascii: "5"), UInt8(ascii: "2"),
                            UInt8(ascii: ";"), UInt8(ascii: "c"), UInt8(ascii: ";")]
        appendBase64(Array(text.utf8), to: &out)
        out.append(0x07)
        return out
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard base64 (RFC 4648 section 4) with `=` padding; Render has no Foundation.
    static func appendBase64(_ bytes: [UInt8], to out: inout [UInt8]) {
        out.reserveCapacity(out.count + (bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int(n >> UInt32(shift) & 63)]) }
            index += 3
        }
        let rest = bytes.count - index
        guard rest > 0 else { return }
        let n = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
        out.append(alphabet[Int(n >> 18 & 63)])
        out.append(alphabet[Int(n >> 12 & 63)])
        out.append(rest == 2 ? alphabet[Int(n >> 6 & 63)] : UInt8(ascii: "="))
        out.append(UInt8(ascii: "="))
    }
}
