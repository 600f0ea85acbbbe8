import Foundation
import Identity
import LibC

/// A picture from this computer, ready to upload: its kind by magic bytes, its bytes and their hash.
struct LocalImage: Sendable {
    let kind: ImageKind
    let bytes: [UInt8]
    let digestHex: String

    init?(bytes: [UInt8]) {
        guard let kind = ImageKind.detect(bytes) else { return nil }
        self.kind = kind
        self.bytes = bytes
        self.digestHex = ContentDigest.sha256Hex(bytes)
    }
}

/// What a paste job gathered on its worker thread.
enum GatheredImages: Sendable {
    /// Every path was a picture (or the clipboard held one).
    case images([LocalImage])
    /// At least one path is not a picture file: the paste goes through as typed.
    case notImages
    /// The clipboard could not give a picture: what to do about it.
    case failed(String)
}

/// Reading local pictures, off the loop (a file of 20 MiB takes a while to read and hash).
/// Reads are bounded: the first bytes decide, and only a file that is a picture of at most
/// `maximumSize` bytes is read whole.
enum LocalImages {
    static let maximumSize = 20 * 1024 * 1024

    /// Each path must be a regular file, at most `maximumSize`, starting with a picture's magic.
    static func gather(paths: [String]) -> GatheredImages {
        var images: [LocalImage] = []
        for path in paths {
            guard let image = readFile(path) else { return .notImages }
            images.append(image)
        }
        return .images(images)
    }

    /// Nil for anything that is not a picture file; never reads past the header of one that isn't.
    static func readFile(_ path: String) -> LocalImage? {
        // Non-blocking, so a FIFO named like a picture cannot hold the thread.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              status.st_size > 0, status.st_size <= maximumSize else { return nil }
        let size = Int(status.st_size)
        guard let header = readUpTo(fd, ImageKind.headerLength), ImageKind.detect(header) != nil,
              let rest = readUpTo(fd, size - header.count + 1) else { return nil }
        let bytes = header + rest
        // A file that grew or shrank while being read is not trusted.
        guard bytes.count == size else { return nil }
        return LocalImage(bytes: bytes)
    }

    /// Up to `count` bytes (fewer at end of file); nil on a read error.
    static func readUpTo(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            filled += n
        }
        return Array(buffer[..<filled])
    }
}
