/// The operating system family of a computer: the one name for it in the registry
/// (`hosts.json` `platform`), in pairing links (`os`) and on the pair-host side. The raw values
/// are the wire and file values; changing one breaks saved registries and links.
public enum Platform: String, Codable, Sendable, CaseIterable {
    case unix
    case windows
}
