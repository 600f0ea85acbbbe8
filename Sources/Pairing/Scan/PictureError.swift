/// Why `drover pair --scan` found no pairing link in a picture. Each message says what to do.
/// None of them contains decoded text: a pairing link is a secret.
public enum PictureError: Error, CustomStringConvertible, Equatable, Sendable {
    case unreadable(path: String, reason: String)
    case tooLargeFile(path: String, bytes: Int)
    case unsupportedFormat(path: String)
    case malformed(path: String, format: String, problem: String)
    case tooLargeImage(path: String, width: Int, height: Int)
    case noCode(path: String)
    case severalCodes(path: String, count: Int)
    case notAPairingCode(path: String)
    /// libzbar, opened at the first scan (ZBarLibrary), is not installed or not usable.
    case scannerMissing(reason: String)
    /// libpng, opened at the first PNG picture (PNGLibrary), is not installed or not usable.
    case pngReaderMissing(reason: String)

    private static let retake = "take a screenshot or photo that shows only the pairing code, whole and sharp, and scan that"

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path): \(reason); give the path of a PNG or Netpbm (PBM/PGM/PPM) picture of the code"
        case .tooLargeFile(let path, let bytes):
            return "\(path) is \(bytes) bytes, more than the \(PairingPicture.maximumFileBytes) bytes a picture may have; "
                + "crop it to the code or save it smaller, then scan it again"
        case .unsupportedFormat(let path):
            return "\(path) is neither a PNG nor a Netpbm (PBM/PGM/PPM) picture; save the picture as PNG, then scan it again"
        case .malformed(let path, let format, let problem):
            return "\(path) is not a readable \(format) picture (\(problem)); save the picture again as PNG, then scan it again"
        case .tooLargeImage(let path, let width, let height):
            return "\(path) is \(width)x\(height) pixels; a picture may have at most \(GrayImage.maximumSide) pixels a side. "
                + "Crop it to the code or scale it down, then scan it again"
        case .noCode(let path):
            return "no QR code found in \(path); \(Self.retake)"
        case .severalCodes(let path, let count):
            return "\(path) shows \(count) QR codes, so it is not clear which one to use; crop it to the pairing code, then scan it again"
        case .scannerMissing(let reason):
            return "cannot scan pictures: the zbar library could not be loaded (\(reason)); install it "
                + "(Debian or Ubuntu: sudo apt-get install libzbar0; macOS: brew install zbar), then scan again"
        case .pngReaderMissing(let reason):
            return "cannot read PNG pictures: the png library could not be loaded (\(reason)); install it "
                + "(Debian or Ubuntu: sudo apt-get install libpng16-16, or libpng16-16t64 where apt offers that; "
                + "macOS: brew install libpng), then scan again"
        case .notAPairingCode(let path):
            return "the QR code in \(path) is not a herdr pairing code (it does not hold a herdr://pair? link); "
                + "scan the code 'drover pair-host' shows on the computer"
        }
    }
}
