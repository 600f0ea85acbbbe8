import LibC
import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// This device's SSH identity: `device_ed25519` (openssh-key-v1, 0600) and
/// `device_ed25519.pub` under the Drover root, created on first use and never overwritten.
public struct DeviceKey: Sendable {
    public static let privateFileName = "device_ed25519"
    public static let publicFileName = "device_ed25519.pub"

    public let keyPair: Ed25519KeyPair
    /// The comment in the key files, `drover@<hostname>` for keys Drover created.
    public let comment: String
    /// The private key file text, for handing to libssh2 in memory. Never print it.
    public let privateKeyText: String
    public let privateKeyPath: String
    public let publicKeyPath: String
    /// True when this call created the key files.
    public let wasCreated: Bool

    /// `ssh-ed25519 <base64> <comment>`: the line for an authorized_keys file.
    public var publicLine: String { keyPair.publicLine(comment: comment) }
    /// `SHA256:...` as `ssh-keygen -lf` prints it.
    public var fingerprint: String { keyPair.fingerprint }

    /// The device name offered by default: this computer's host name.
    public static func defaultDeviceName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "device" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let name = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace && !$0.isNewline }
        return name.isEmpty ? "device" : name
    }

    /// Loads the device key, creating it (and the root, 0700) when there is none.
    /// Existing files are checked (permissions, contents, matching `.pub`) and never replaced.
    public static func loadOrCreate(root: DroverRoot, hostname: String = defaultDeviceName()) throws -> DeviceKey {
        if let existing = try load(root: root) { return existing }
        try root.ensureExists()
        return try FileLock.withExclusiveLock(root.file(".device_ed25519.lock")) {
            if let existing = try load(root: root) { return existing }
            return try create(root: root, comment: "drover@\(hostname)")
        }
    }

    /// The device key, or nil when `device_ed25519` does not exist yet.
    public static func load(root: DroverRoot) throws -> DeviceKey? {
        let privatePath = root.file(privateFileName), publicPath = root.file(publicFileName)
        // lstat, not stat: the advice for a bad mode is a chmod, which through a link would
        // change whatever it points to (/dev/zero, someone else's file). A link is refused.
        var st = stat()
        guard lstat(privatePath, &st) == 0 else { return nil }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw DeviceKeyError.notRegularFile(path: privatePath, kind: AtomicFile.kind(st.st_mode))
        }
        let mode = st.st_mode & 0o7777
        guard mode & 0o077 == 0 else { throw DeviceKeyError.unsafePermissions(path: privatePath, mode: UInt32(mode)) }
        guard let data = try AtomicFile.readTrusted(privatePath) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        let decoded: (keyPair: Ed25519KeyPair, comment: String)
        do {
            decoded = try OpenSSHPrivateKey.decode(text)
        } catch let error as KeyError {
            throw DeviceKeyError.badPrivateKey(path: privatePath, reason: error)
        }
        let key = DeviceKey(keyPair: decoded.keyPair, comment: decoded.comment, privateKeyText: text,
                            privateKeyPath: privatePath, publicKeyPath: publicPath, wasCreated: false)
        try key.checkOrWritePublicFile()
        return key
    }

    /// A missing `.pub` is written from the private key; a different one is an error.
    private func checkOrWritePublicFile() throws {
        guard let data = try AtomicFile.readTrusted(publicKeyPath) else {
            // Created here, or by another process a moment ago: then check that one.
            if try !AtomicFile.create(Data((publicLine + "\n").utf8), at: publicKeyPath, mode: 0o644) {
                try checkOrWritePublicFile()
            }
            return
        }
        let onDisk = try? SSHPublicKey(line: String(decoding: data, as: UTF8.self))
        guard onDisk?.blob == keyPair.publicKeyBlob else {
            throw DeviceKeyError.publicFileMismatch(path: publicKeyPath, privatePath: privateKeyPath)
        }
    }

    private static func create(root: DroverRoot, comment: String) throws -> DeviceKey {
        let keyPair = try Ed25519KeyPair()
        let key = DeviceKey(keyPair: keyPair, comment: comment,
                            privateKeyText: keyPair.openSSHPrivateKey(comment: comment),
                            privateKeyPath: root.file(privateFileName), publicKeyPath: root.file(publicFileName),
                            wasCreated: true)
        guard try AtomicFile.create(Data(key.privateKeyText.utf8), at: key.privateKeyPath, mode: 0o600) else {
            throw FileError(path: key.privateKeyPath, reason: "was created by another program at the same moment",
                            advice: "Run the command again to use that key.")
        }
        try key.checkOrWritePublicFile()
        return key
    }
}

extension DeviceKey: CustomStringConvertible {
    /// Names the key by fingerprint and path; never includes the private key.
    public var description: String { "DeviceKey(\(fingerprint), \(privateKeyPath))" }
}
