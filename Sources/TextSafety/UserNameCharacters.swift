/// The one character rule for login names, shared by the registry and the pairing link: no
/// character `SafeText` would escape, and no whitespace. ssh and herdr split a command line at
/// spaces, so a name with a space in it logs in as someone else or not at all.
public enum UserNameCharacters {
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        !SafeText.isUnsafe(scalar) && !scalar.properties.isWhitespace
    }

    /// True when every character of `text` is allowed.
    public static func allAllowed(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isAllowed)
    }
}
