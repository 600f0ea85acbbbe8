/// Why a QR code could not be made.
public enum QRCodeError: Error, CustomStringConvertible, Equatable, Sendable {
    case empty
    case tooLong(bytes: Int)
    case encodingFailed(Int32)

    public var description: String {
        switch self {
        case .empty:
            return "there is nothing to put in the QR code. This is a bug in the caller; please report it."
        case .tooLong(let n):
            return "\(n) bytes do not fit in a QR code. Use the text itself instead of the code."
        case .encodingFailed(let code):
            return "libqrencode could not encode the text (errno \(code)). Use the text itself instead of the code."
        }
    }
}
