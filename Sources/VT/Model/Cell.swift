/// One screen cell, a plain value (no heap storage per cell).
///
/// `content` is a Unicode scalar value (0 for an erased cell, shown as a space), or, when it is
/// `Cell.clusterBase` or above, an index into the owning frame's `clusters` table for a
/// character with combining marks. `width` is 1 for a normal cell, 2 for the first half of a
/// wide character and 0 for the second half (the spacer that follows it). A width-2 cell with
/// no spacer after it is a left half whose right half is gone (xterm keeps one in the last
/// column after a clipped DECCRA); a renderer draws it as a blank.
public struct Cell: Hashable, Sendable {
    public var content: UInt32
    public var width: UInt8
    public var attributes: Attributes

    public static let clusterBase: UInt32 = 0x11_0000

    public init(content: UInt32 = 0, width: UInt8 = 1, attributes: Attributes = .plain) {
        self.content = content
        self.width = width
        self.attributes = attributes
    }

    /// An erased cell carrying the background of `attributes` (ECMA-48 erase uses the current bg).
    public static func blank(_ attributes: Attributes = .plain) -> Cell {
        Cell(content: 0, width: 1, attributes: attributes)
    }

    public var isWideSpacer: Bool { width == 0 }
    public var isCluster: Bool { content >= Cell.clusterBase }
}
