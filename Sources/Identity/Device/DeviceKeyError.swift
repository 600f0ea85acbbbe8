import Files

/// Why the device key files cannot be used. Drover never overwrites them to "fix" anything.
public enum DeviceKeyError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The private key file is readable or writable by group or others.
    case unsafePermissions(path: String, mode: UInt32)
    /// The private key path is a symbolic link, a device or anything else but a regular file.
    case notRegularFile(path: String, kind: String)
    /// The private key file cannot be read as an Ed25519 openssh-key-v1 key.
    case badPrivateKey(path: String, reason: KeyError)
    /// The `.pub` file is not the public half of the private key next to it.
    case publicFileMismatch(path: String, privatePath: String)

    public var description: String {
        switch self {
        case .unsafePermissions(let path, let mode):
            return "\(path) is accessible by other users (mode \(String(mode, radix: 8))); a private key must be private. Run 'chmod 600 \(path)' and try again."
        case .notRegularFile(let path, let kind):
            let quoted = FileSafety.shellQuoted(path)
            return "\(path) is not a regular file (it is \(kind)), so Drover does not use it as its device key and changes "
                + "nothing it points to. Move it away ('mv \(quoted) \(quoted).moved') and Drover makes a new device key, "
                + "or put the key file itself there."
        case .badPrivateKey(let path, let reason):
            return "\(path): \(reason) Drover will not overwrite it; move it away to create a new device key."
        case .publicFileMismatch(let path, let privatePath):
            return "\(path) is not the public key of \(privatePath). Delete \(path) and Drover will write it again from the private key."
        }
    }
}
