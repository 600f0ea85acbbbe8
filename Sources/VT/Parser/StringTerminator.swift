/// Decides whether a raw 0x9C (the 8-bit ST) ends an OSC, DCS, SOS, PM or APC string.
///
/// 0x9C is also a UTF-8 continuation byte (Ĝ is C4 9C, “ is E2 80 9C), so inside a string it
/// ends the string only when no UTF-8 character is open. Every string kind uses this one rule,
/// so a title, a DCS payload and an ignored APC all end in the same place.
struct StringTerminator {
    /// Continuation bytes the open UTF-8 character still expects.
    private var continuations = 0

    /// Whether `b` is the ST that ends the string; otherwise notes what `b` does to the
    /// character being read. C0 controls inside a string neither end nor break a character.
    @inline(__always)
    mutating func ends(_ b: UInt8) -> Bool {
        if b == 0x9C && continuations == 0 { return true }
        if b >= 0xC0 {
            continuations = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : 1
        } else if b >= 0x80 && continuations > 0 {
            continuations -= 1
        } else if b >= 0x20 {
            continuations = 0
        }
        return false
    }
}
