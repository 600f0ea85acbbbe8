import Files

/// Why a key could not be made, read or used. Descriptions say what is wrong and what to do.
public enum KeyError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The text is not an OpenSSH private key file (PEM armour, base64 or structure is wrong).
    case malformed(String)
    /// The private key is protected by a passphrase; Drover needs an unencrypted key.
    case encrypted(cipher: String)
    /// The key is not Ed25519 (RSA, ECDSA, ...).
    case unsupportedKeyType(String)
    /// The two check integers differ: the file is damaged (or was decrypted wrongly).
    case checkIntegersDiffer
    /// The public key stored in the file is not the one the private key produces.
    case publicKeyMismatch
    /// A seed that is not 32 bytes.
    case badSeedLength(Int)
    /// A public key line or blob that cannot be read.
    case malformedPublicKey(String)
    /// A private key file that group or others may read (as ssh, Drover will not use it).
    case readableByOthers(path: String, mode: String)
    /// libcrypto refused an operation (should not happen on a working system).
    case crypto(String)

    public var description: String {
        switch self {
        case .malformed(let why):
            return "this is not a valid OpenSSH private key (\(why)). Use a key written by Drover or by 'ssh-keygen -t ed25519'."
        case .encrypted(let cipher):
            return "the private key is protected by a passphrase (cipher \(cipher)); Drover cannot use encrypted keys. Remove the passphrase with 'ssh-keygen -p -N \"\" -f FILE' or use another key."
        case .unsupportedKeyType(let type):
            return "the key type is \(type), but Drover only uses ssh-ed25519 keys. Create one with 'ssh-keygen -t ed25519'."
        case .checkIntegersDiffer:
            return "the private key's check integers differ, so the file is damaged. Restore it from a backup or create a new key."
        case .publicKeyMismatch:
            return "the public key stored in the private key file does not belong to its private key, so the file is damaged or was edited. Restore it from a backup or create a new key."
        case .badSeedLength(let n):
            return "an Ed25519 seed is 32 bytes, not \(n). Check where the seed came from."
        case .malformedPublicKey(let why):
            return "this is not a valid OpenSSH public key (\(why)). Expected a line like 'ssh-ed25519 AAAA... comment'."
        case .readableByOthers(let path, let mode):
            return "\(path) can be read by other users (mode 0\(mode)), so it is not used, as ssh would not use it. Run 'chmod 600 \(FileSafety.shellQuoted(path))' if the key is still safe; otherwise make a new one."
        case .crypto(let what):
            return "libcrypto failed while \(what). Check the OpenSSL installation (libssl3) and try again."
        }
    }
}
