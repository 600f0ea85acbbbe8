/// The picture types a paste may upload, told apart by their first bytes only: a file's name
/// or extension never decides, so a key or a text file named `x.png` is never sent.
public enum ImageKind: String, Sendable, Equatable, CaseIterable {
    case png, jpeg, gif, webp

    /// The extension of the uploaded name.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// How many leading bytes `detect` needs.
    public static let headerLength = 12

    /// The kind whose signature `header` starts with, or nil.
    public static func detect(_ header: some Collection<UInt8>) -> ImageKind? {
        let bytes = Array(header.prefix(headerLength))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        return nil
    }
}
