import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LibC

/// `drover pair --scan`: the pairing link held by the one QR code in a picture file.
///
/// The result is a secret (it carries the one-time key): callers parse it and never print it,
/// and no error here contains any of it.
public enum PairingPicture {
    /// A phone photo as PNG is a few megabytes; a raw PPM of an 8192-pixel square is 200 MB,
    /// more than any screenshot of a code needs.
    public static let maximumFileBytes = 64 << 20

    /// Reads `path`, decodes the picture and returns the text of its only QR code, which must
    /// be a `herdr://pair?` link (its fields are checked by `PairingLink.parse`).
    public static func link(fromFile path: String) throws(PictureError) -> String {
        try link(in: readBounded(path), path: path)
    }

    /// As `link(fromFile:)`, for bytes already read; `path` names them in errors.
    public static func link(in bytes: [UInt8], path: String) throws(PictureError) -> String {
        let image = try decode(bytes, path: path)
        let codes = try QRScanner.decode(image)
        guard !codes.isEmpty else { throw .noCode(path: path) }
        guard codes.count == 1 else { throw .severalCodes(path: path, count: codes.count) }
        guard let text = String(validating: codes[0], as: UTF8.self), text.hasPrefix("herdr://pair?") else {
            throw .notAPairingCode(path: path)
        }
        return text
    }

    /// The picture as grayscale, whichever of the supported formats it is.
    public static func decode(_ bytes: [UInt8], path: String) throws(PictureError) -> GrayImage {
        let png: PNGLibrary? = PNGReader.recognizes(bytes) ? try PNGLibrary.shared.get() : nil
        do {
            if let png { return try PNGReader.read(bytes, with: png) }
            if NetpbmReader.recognizes(bytes) { return try NetpbmReader.read(bytes) }
        } catch {
            switch error {
            case .tooLarge(let width, let height):
                throw .tooLargeImage(path: path, width: width, height: height)
            case .malformed(let problem):
                throw .malformed(path: path, format: PNGReader.recognizes(bytes) ? "PNG" : "Netpbm", problem: problem)
            }
        }
        throw .unsupportedFormat(path: path)
    }

    /// The file's bytes, through the one bounded reader: a file above `maximumFileBytes` is
    /// refused without reading on, and a FIFO or device is refused at once, never waited on.
    private static func readBounded(_ path: String) throws(PictureError) -> [UInt8] {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > maximumFileBytes {
            throw .tooLargeFile(path: path, bytes: Int(info.st_size))
        }
        let data: Data?
        do {
            data = try AtomicFile.readRegular(path, limit: maximumFileBytes)
        } catch let error as FileError {
            throw .unreadable(path: path, reason: error.reason)
        } catch {
            throw .unreadable(path: path, reason: "reading failed (\(error))")
        }
        guard let data else { throw .unreadable(path: path, reason: "no such file") }
        return [UInt8](data)
    }
}
