#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextSafety
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
    /// No picture to upload (the clipboard gave none, or a paste of too many): what to do
    /// about it. A paste goes through as typed.
    case failed(String)
}

/// Reading local pictures, off the loop (a file of 20 MiB takes a while to read and hash).
/// Reads are bounded: the first bytes decide, and only a file that is a picture of at most
/// `maximumSize` bytes is read whole; one paste uploads at most `maximumFiles` pictures and
/// `maximumTotal` bytes. Nothing but a regular file is ever opened (opening a device such as
/// a serial port has effects of its own), and what was opened is the file that was looked at.
enum LocalImages {
    static let maximumSize = 20 * 1024 * 1024
    static let maximumFiles = 4
    static let maximumTotal = 40 * 1024 * 1024

    /// Each path must be a regular file, at most `maximumSize`, starting with a picture's magic;
    /// together at most `maximumFiles` and `maximumTotal` bytes, else the paste goes as typed
    /// and the status line says why.
    static func gather(paths: [String]) -> GatheredImages {
        var sizes: [Int] = []
        for path in paths {
            guard let size = pictureSize(path) else { return .notImages }
            sizes.append(size)
        }
        let total = sizes.reduce(0, +)
        if paths.count > maximumFiles || total > maximumTotal {
            let what = paths.count > maximumFiles ? "\(paths.count) pictures" : "\(megabytes(total)) of pictures"
            return .failed("pasted as typed: this paste has \(what), and one paste uploads at most \(maximumFiles) "
                + "pictures of \(megabytes(maximumTotal)) together; paste fewer at a time")
        }
        var images: [LocalImage] = []
        for path in paths {
            guard let image = readFile(path) else { return .notImages }
            images.append(image)
        }
        return .images(images)
    }

    private static func megabytes(_ bytes: Int) -> String {
        formatted("%.1f MiB", Double(bytes) / 1_048_576).replacingLiterally(".0 MiB", with: " MiB")
    }

    /// The size of the picture file at `path`, reading only its header; nil if it is not one.
    static func pictureSize(_ path: String) -> Int? {
        guard let fd = openRegular(path) else { return nil }
        defer { close(fd.descriptor) }
        guard let header = readUpTo(fd.descriptor, ImageKind.headerLength), ImageKind.detect(header) != nil else { return nil }
        return fd.size
    }

    /// Nil for anything that is not a picture file; never reads past the header of one that isn't.
    static func readFile(_ path: String) -> LocalImage? {
        guard let fd = openRegular(path) else { return nil }
        defer { close(fd.descriptor) }
        guard let header = readUpTo(fd.descriptor, ImageKind.headerLength), ImageKind.detect(header) != nil,
              let rest = readUpTo(fd.descriptor, fd.size - header.count + 1) else { return nil }
        let bytes = header + rest
        // A file that grew or shrank while being read is not trusted.
        guard bytes.count == fd.size else { return nil }
        return LocalImage(bytes: bytes)
    }

    /// Opens `path` only if `stat` (following a symlink, so a link to a picture works) says it
    /// is a regular file of 1 byte to `maximumSize`; then checks that the file opened is that
    /// same file (device and inode), so a path swapped meanwhile is refused.
    static func openRegular(_ path: String) -> (descriptor: Int32, size: Int)? {
        var named = stat()
        guard stat(path, &named) == 0, isPictureSized(named) else { return nil }
        // Non-blocking and never a controlling terminal, should the path change under us.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var opened = stat()
        guard fstat(fd, &opened) == 0, isPictureSized(opened),
              opened.st_dev == named.st_dev, opened.st_ino == named.st_ino else {
            close(fd)
            return nil
        }
        return (fd, Int(opened.st_size))
    }

    private static func isPictureSized(_ status: stat) -> Bool {
        status.st_mode & S_IFMT == S_IFREG && status.st_size > 0 && status.st_size <= maximumSize
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
