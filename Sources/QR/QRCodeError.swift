/// Why a QR code could not be made.
public enum QRCodeError: Error, CustomStringConvertible, Equatable, Sendable {
    case empty
    case tooLong(bytes: Int)
    case encodingFailed(Int32)
    /// libqrencode, opened at the first code (`QREncodeLibrary`), is not installed or not usable.
    case libraryMissing(reason: String)

    public var description: String {
        switch self {
        case .empty:
            return "there is nothing to put in the QR code. This is a bug in the caller; please report it."
        case .tooLong(let n):
            return "\(n) bytes do not fit in a QR code. Use the text itself instead of the code."
        case .encodingFailed(let code):
            return "libqrencode could not encode the text (errno \(code)). Use the text itself instead of the code."
        case .libraryMissing(let reason):
            return "cannot draw the QR code: the qrencode library could not be loaded (\(reason)). Install it "
                + "(Debian or Ubuntu: sudo apt-get install libqrencode4; macOS: brew install qrencode) and run the "
                + "command again, or use the text itself instead of the code."
        }
    }
}
