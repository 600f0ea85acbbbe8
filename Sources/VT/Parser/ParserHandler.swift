/// What the parser reports, alacritty-vte style: one small interface, so the state machine
/// knows nothing about screens. Parser is generic over it, so calls are specialised.
protocol ParserHandler: AnyObject {
    /// A run of printable ASCII (0x20–0x7E) in ground state, handed over in one call.
    func printASCII(_ run: UnsafeBufferPointer<UInt8>)
    /// One decoded character (U+FFFD for invalid UTF-8).
    func print(_ scalar: UInt32)
    /// Whole UTF-8 characters in ground state from `bytes[start]` (`UTF8Run`: complete,
    /// well-formed, no C1 control), printed as `print` would; returns the index of the first
    /// byte that does not start one (or `end`), which the parser then takes byte by byte.
    func printUTF8(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int
    /// GR holds a non-ASCII set: in ground state bytes 0xA0-0xFF are GR characters and
    /// 0x80-0x9F are dropped, instead of UTF-8 (as xterm in UTF-8 mode). Asked only for non-ASCII bytes.
    var eightBitGraphics: Bool { get }
    /// A C0 control (0x00–0x1F), DEL, or a C1 control (0x80–0x9F) that is not a string opener.
    func execute(_ control: UInt8)
    /// `CSI prefix params intermediates final`; `intermediates` packs up to two bytes.
    func csiDispatch(_ params: borrowing Params, prefix: UInt8, intermediates: UInt16, final: UInt8)
    /// `CSI row ; column H` with at most two plain parameters (0: default), the bulk of
    /// cursor-addressed output, handed over as two numbers: read back from the parameter block
    /// right after its last stores, the pair cost a store-forwarding stall on every sequence.
    func cursorPosition(row: Int, column: Int)
    /// `CSI params m` (SGR) with no prefix or intermediates: in colourful output nearly every
    /// cell has one, so it skips `csiDispatch`'s search through the other sequences.
    func selectGraphicRendition(sequence params: borrowing Params)
    /// `ESC intermediates final`.
    func escDispatch(intermediates: UInt16, final: UInt8)
    /// A complete OSC string (without the terminator); `bell` tells BEL from ST.
    func oscDispatch(_ data: UnsafeBufferPointer<UInt8>, bell: Bool)
    /// A DCS header; the data bytes follow through `put`, then `unhook`.
    func hook(_ params: borrowing Params, prefix: UInt8, intermediates: UInt16, final: UInt8)
    func put(_ byte: UInt8)
    func unhook()
}
