import COpenSSL

/// The libcrypto this process runs with, for `drover doctor`.
public enum CryptoLibrary {
    /// `OpenSSL 3.0.19 27 Jan 2026`, as the loaded library names itself.
    public static var versionText: String {
        guard let text = OpenSSL_version(OPENSSL_VERSION) else { return "unknown" }
        return String(cString: text)
    }
}
