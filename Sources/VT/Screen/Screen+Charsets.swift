/// GL/GR selection and translation through the designated sets (SCS, SO/SI, LS*, SS2/SS3).
extension Screen {
    /// The set in GL.
    var graphicLeft: Charset {
        lockingShift == 2 ? g2 : lockingShift == 3 ? g3 : shiftedOut ? g1 : g0
    }

    /// The set in GR.
    var graphicRight: Charset {
        lockingShiftRight == 1 ? g1 : lockingShiftRight == 3 ? g3 : g2
    }

    @inline(__always)
    func translate(_ scalar: UInt32) -> UInt32 {
        translating ? translateShifted(scalar) : scalar
    }

    private func translateShifted(_ scalar: UInt32) -> UInt32 {
        // With a non-ASCII GR the parser hands over raw bytes 0xA0-0xFF: they come from GR
        // whatever a single shift says (xterm leaves the shift for the next GL character).
        if eightBitGraphics && scalar >= 0xA0 && scalar <= 0xFF { return graphicRight.map(scalar & 0x7F) }
        guard singleShift != 0 else { return graphicLeft.map(scalar) }
        let set = singleShift == 2 ? g2 : g3
        singleShift = 0
        charsetsChanged()
        return set.map(scalar)
    }
}
